import type { ReactNode } from "react";
import { getComponent, registerComponent } from "@library/src/registry/componentRegistry";
import { resetRegistry } from "@library/src/registry/registryStore";

afterEach(() => resetRegistry());

function Signature({ html, hideMobile }: { html: string; hideMobile: boolean }) {
  return <div className={hideMobile ? "signature signature-hideMobile" : "signature"}>{html}</div>;
}

function Thread({ comments }: { comments: ReactNode[]; totalComments: number }) {
  return <section>{comments}</section>;
}

describe("registerComponent", () => {
  it("registers widgets of the page tree whose props match WidgetPropsMap, and any other name freely", () => {
    registerComponent("PostSignature", Signature);
    // Node props arrive rendered: a LayoutNode[] prop is ReactNode[] to the component.
    registerComponent("CommentThreadAsset", Thread);
    registerComponent("SomeTitleBarMenu", ({ label }: { label: string }) => <p>{label}</p>);
    expect(getComponent("PostSignature")).toBe(Signature);
    expect(getComponent("CommentThreadAsset")).toBe(Thread);
    expect(getComponent("SomeTitleBarMenu")).toBeDefined();
  });

  it("refuses (at type-check time) a widget whose props do not match the map", () => {
    // @ts-expect-error `html` is a string in WidgetPropsMap["PostSignature"].
    registerComponent("PostSignature", ({ html }: { html: number }) => <p>{html}</p>);
    // @ts-expect-error BookmarkToggle is given `discussionID`, `bookmarked` and `signedIn`, not `recordID`.
    registerComponent("BookmarkToggle", ({ recordID }: { recordID: number }) => <p>{recordID}</p>);
    // @ts-expect-error a node prop arrives rendered (ReactNode), not as the node's props.
    registerComponent("CreatePostFormAsset", ({ form }: { form: { categoryID: number }; title: string }) => (
      <p>{form.categoryID}</p>
    ));
    expect(getComponent("PostSignature")).toBeDefined();
  });
});
