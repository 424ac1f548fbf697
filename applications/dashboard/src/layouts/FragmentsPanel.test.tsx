import { useState } from "react";
import type { Fragment, FragmentPost } from "@forum/api/fragments";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { FragmentsPanel } from "./FragmentsPanel";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function fragment(revision: string, body: FragmentPost): Fragment {
  return {
    fragmentUUID: "f-1",
    fragmentRevisionUUID: revision,
    ...body,
    jsUrl: `/api/v2/fragments/f-1/js?fragmentRevisionUUID=${revision}`,
    cssUrl: `/api/v2/fragments/f-1/css?fragmentRevisionUUID=${revision}`,
    dateInserted: "2026-11-28T10:00:00Z",
    dateUpdated: null,
  };
}

function Panel({ initial }: { initial: Fragment[] }) {
  const [fragments, setFragments] = useState(initial);
  return <FragmentsPanel fragments={fragments} onChange={setFragments} />;
}

describe("FragmentsPanel", () => {
  it("edits a fragment into a new revision with its preview, deletes it and adds another", async () => {
    // The page's registry entry (the forum registers its frame widget for the dashboard): what it is given.
    registerComponent("CustomFragmentWidget", ({ title, jsUrl }: { title?: string; jsUrl: string }) => (
      <p data-testid="fragment-frame">{`${title ?? ""} ${jsUrl}`}</p>
    ));
    const user = userEvent.setup();
    const clock = fragment("r-1", { name: "Clock", js: "draw();", css: "" });
    api = mockApi(({ method, url, data }) => {
      if (method === "PATCH" && url === "fragments/f-1")
        return { data: fragment("r-2", { ...clock, ...(data as Partial<FragmentPost>) }) };
      if (method === "DELETE" && url === "fragments/f-1") return { status: 204 };
      if (method === "POST" && url === "fragments")
        return { status: 201, data: { ...fragment("r-9", data as FragmentPost), fragmentUUID: "f-2" } };
      return { status: 404, data: { message: "Not found." } };
    });
    renderWithStore(
      <>
        <Panel initial={[clock]} />
        <ToastContainer />
      </>,
    );
    expect(screen.queryByTestId("fragment-frame")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit Clock" }));
    const form = screen.getByRole("form", { name: "Edit Clock" });
    expect(within(form).getByRole("textbox", { name: "JavaScript" })).toHaveValue("draw();");
    expect(screen.getByTestId("fragment-frame")).toHaveTextContent(
      "Clock /api/v2/fragments/f-1/js?fragmentRevisionUUID=r-1",
    );

    const js = within(form).getByRole("textbox", { name: "JavaScript" });
    await user.clear(js);
    await user.type(js, "throw 1;");
    await user.click(within(form).getByRole("button", { name: "Save fragment" }));
    expect(await screen.findByText("The fragment is saved.")).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === "PATCH")?.data).toEqual({
      name: "Clock",
      js: "throw 1;",
      css: "",
    });
    // The preview follows the new revision.
    expect(screen.getByTestId("fragment-frame")).toHaveTextContent("fragmentRevisionUUID=r-2");

    await user.click(screen.getByRole("button", { name: "Delete Clock" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Delete the fragment Clock?");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The fragment is deleted.")).toBeInTheDocument();
    expect(screen.getByText("No fragments yet.")).toBeInTheDocument();
    expect(screen.queryByTestId("fragment-frame")).not.toBeInTheDocument();

    const blank = screen.getByRole("form", { name: "New fragment" });
    await user.type(within(blank).getByRole("textbox", { name: "Fragment name" }), "Banner");
    await user.click(within(blank).getByRole("button", { name: "Add fragment" }));
    expect(await screen.findByRole("button", { name: "Edit Banner" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Edit Banner" })).toBeInTheDocument();
    expect(screen.getByTestId("fragment-frame")).toHaveTextContent("Banner");
  });
});
