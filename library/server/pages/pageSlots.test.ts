import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "../app/appContext";
import type { Viewer } from "../permissions/viewer";
import { PageSlotRegistry, readOncePerPage, type DiscussionSlotContext } from "./pageSlots";

function slotContext(logged: unknown[]): DiscussionSlotContext {
  const app = { log: { error: (...args: unknown[]) => void logged.push(args) } } as unknown as AppContext;
  return { app, viewer: {} as Viewer, discussion: { discussionID: 5, name: "Hello" } as Discussion };
}

describe("PageSlotRegistry", () => {
  it("keeps the order of widgets that answer at once and later, and leaves out one that throws", async () => {
    const registry = new PageSlotRegistry();
    registry.add("discussion.meta", {
      component: "LayoutError",
      props: async () => ({ componentName: "later" }),
      sort: 1,
    });
    registry.add("discussion.meta", {
      component: "LayoutError",
      props: () => {
        throw new Error("at once");
      },
      sort: 2,
    });
    registry.add("discussion.meta", {
      component: "LayoutError",
      props: () => ({ componentName: "now" }),
      sort: 3,
    });
    const logged: unknown[] = [];

    const nodes = await registry.nodes("discussion.meta", slotContext(logged));

    expect(nodes.map((item) => item.$reactProps)).toEqual([
      { componentName: "later" },
      { componentName: "now" },
    ]);
    expect(logged).toHaveLength(1);
    expect(await registry.nodes("discussion.afterOriginalPost", slotContext([]))).toEqual([]);
  });

  it("builds a slot's nodes in order, from active owners only, leaving out null props and failures", async () => {
    const registry = new PageSlotRegistry();
    const active = new Set(["core", "greeter"]);
    registry.setOwnerActivity((owner) => active.has(owner));
    registry.add("discussion.meta", {
      component: "PostSignature",
      props: () => ({ html: "late", hideMobile: false }),
      sort: 2,
    });
    registry.add("discussion.meta", {
      component: "LayoutError",
      props: ({ discussion }) => ({ componentName: discussion.name }),
    });
    registry.add(
      "discussion.meta",
      { component: "LayoutError", props: () => ({ componentName: "off" }) },
      "disabled",
    );
    registry.add("discussion.meta", { component: "LayoutError", props: () => null }, "greeter");
    registry.add(
      "discussion.meta",
      { component: "LayoutError", props: () => Promise.reject(new Error("boom")) },
      "greeter",
    );
    registry.add("discussion.afterOriginalPost", {
      component: "LayoutError",
      props: () => ({ componentName: "elsewhere" }),
    });
    const logged: unknown[] = [];

    const nodes = await registry.nodes("discussion.meta", slotContext(logged));

    expect(nodes).toEqual([
      { $reactComponent: "LayoutError", $reactProps: { componentName: "Hello" } },
      { $reactComponent: "PostSignature", $reactProps: { html: "late", hideMobile: false } },
    ]);
    expect(logged).toHaveLength(1);
    active.add("disabled");
    expect(await registry.nodes("discussion.meta", slotContext([]))).toHaveLength(3);
  });
});

describe("readOncePerPage", () => {
  it("reads once for all the posts of a page, again for another page, and again after a failure", async () => {
    const asked: number[] = [];
    let failNext = false;
    const read = readOncePerPage((app: string, discussion: Discussion) => {
      asked.push(discussion.discussionID);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error("down"));
      }
      return Promise.resolve(`${app}:${discussion.discussionID}`);
    });
    const page = { discussionID: 1 } as Discussion;
    expect(await Promise.all([read("a", page), read("a", page), read("a", page)])).toEqual([
      "a:1",
      "a:1",
      "a:1",
    ]);
    // Another page build presents its own discussion object, even for the same discussion.
    expect(await read("a", { discussionID: 1 } as Discussion)).toBe("a:1");
    expect(asked).toEqual([1, 1]);
    failNext = true;
    const other = { discussionID: 2 } as Discussion;
    await expect(read("a", other)).rejects.toThrow("down");
    expect(await read("a", other)).toBe("a:2");
    expect(asked).toEqual([1, 1, 2, 2]);
  });
});
