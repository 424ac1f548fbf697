import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as ComposerDouble from "@applications/forum/src/posts/composerTestDouble";
import { PostActions, preloadMemberPostActions } from "@applications/forum/src/posts/PostActions";
import { postActionsProps } from "@applications/forum/src/posts/postsTestFixtures";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { DISCARD_DRAFT_QUESTION, DISCARD_DRAFT_REPLYING } from "./DiscardDraftModal";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("@applications/forum/src/posts/composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const member = { ...GUEST_USER, userID: 5, name: "Ann" };
// The member's permissions are known (a plain member: no comment moderation boxes to fetch them for).
const signedIn = {
  currentUser: { current: success(member), requestID: null },
  permissions: {
    permissions: success({ isAdmin: false, isSysAdmin: false, isSuperAdmin: false, permissions: [] }),
    requestID: null,
  },
};
const paragraph = (text: string) => JSON.stringify([{ type: "p", children: [{ text }] }]);

let api: ReturnType<typeof mockApi> | null = null;
function serve(handler: MockHandler) {
  api = mockApi(handler);
  return api;
}
beforeEach(() => {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 });
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  api?.restore();
  api = null;
  jest.mocked(fullPageNavigate).mockReset();
  jest.mocked(console.error).mockRestore();
  window.localStorage.clear();
});

const twoComments = () =>
  renderWithStore(
    <>
      <section aria-label="First">
        <PostActions {...postActionsProps({ recordID: 12, canReply: true })} />
      </section>
      <section aria-label="Second">
        <PostActions {...postActionsProps({ recordID: 13, canReply: true })} />
      </section>
    </>,
    { preloadedState: signedIn },
  );
const region = (name: string) => within(screen.getByRole("region", { name }));

describe("replying inline", () => {
  // What members may do with a post is a chunk of its own, preloaded on a member's page.
  beforeAll(() => preloadMemberPostActions());

  it("posts a reply with its parent comment and opens its page", async () => {
    const calls = serve(({ method, url }) => {
      if (method === "GET" && url === "drafts") return { data: [] };
      if (method === "POST" && url === "comments")
        return { status: 201, data: { commentID: 40, url: "/discussion/comment/40#Comment_40" } };
      return { status: 204 };
    });
    twoComments();
    const user = userEvent.setup();
    const reply = region("First").getByRole("button", { name: "Reply" });
    expect(reply).toHaveAttribute("aria-expanded", "false");
    await user.click(reply);
    expect(reply).toHaveAttribute("aria-expanded", "true");
    await user.type(await screen.findByRole("textbox", { name: "Reply" }), "Agreed");
    await user.click(screen.getByRole("button", { name: "Post Reply" }));
    expect(calls.requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        url: "comments",
        data: { discussionID: 3, parentCommentID: 12, body: paragraph("Agreed"), format: "rich2" },
      }),
    );
    expect(fullPageNavigate).toHaveBeenCalledWith("/discussion/comment/40#Comment_40");
  });

  it("asks 'Discard Draft' before cancelling a reply with content, and keeps it on Cancel", async () => {
    serve(({ method, url }) => (method === "GET" && url === "drafts" ? { data: [] } : { status: 204 }));
    twoComments();
    const user = userEvent.setup();
    await user.click(region("First").getByRole("button", { name: "Reply" }));
    const box = await screen.findByRole("textbox", { name: "Reply" });
    await user.type(box, "Half a thought");
    await user.click(region("First").getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard Draft" });
    expect(dialog).toHaveTextContent(DISCARD_DRAFT_QUESTION);
    expect(dialog).not.toHaveTextContent(DISCARD_DRAFT_REPLYING);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Reply" })).toHaveValue("Half a thought");

    await user.click(region("First").getByRole("button", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("textbox", { name: "Reply" })).not.toBeInTheDocument();
    expect(Object.keys(window.localStorage).filter((key) => key.includes("reply-12"))).toEqual([]);
  });

  it("closes an empty reply at once, and asks before replying elsewhere would discard a draft", async () => {
    serve(({ method, url }) => (method === "GET" && url === "drafts" ? { data: [] } : { status: 204 }));
    twoComments();
    const user = userEvent.setup();
    await user.click(region("First").getByRole("button", { name: "Reply" }));
    await screen.findByRole("textbox", { name: "Reply" });
    await user.click(region("First").getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Reply" })).not.toBeInTheDocument();

    await user.click(region("First").getByRole("button", { name: "Reply" }));
    await user.type(await screen.findByRole("textbox", { name: "Reply" }), "Keep me?");
    await user.click(region("Second").getByRole("button", { name: "Reply" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard Draft" });
    expect(dialog).toHaveTextContent(DISCARD_DRAFT_REPLYING);
    expect(dialog).toHaveTextContent(DISCARD_DRAFT_QUESTION);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(region("First").getByRole("textbox", { name: "Reply" })).toHaveValue("Keep me?");

    await user.click(region("Second").getByRole("button", { name: "Reply" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }));
    expect(region("First").queryByRole("textbox", { name: "Reply" })).not.toBeInTheDocument();
    expect(await region("Second").findByRole("textbox", { name: "Reply" })).toHaveValue("");
  });

  it("reopens a reply draft this browser kept, after a reload", async () => {
    jest.useFakeTimers();
    try {
      serve(({ method, url }) =>
        method === "GET" && url === "drafts" ? { data: [] } : { status: 201, data: { draftID: 9 } },
      );
      const first = twoComments();
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      await user.click(region("Second").getByRole("button", { name: "Reply" }));
      await user.type(await screen.findByRole("textbox", { name: "Reply" }), "Survives a reload");
      await act(() => jest.advanceTimersByTimeAsync(1500));
      first.unmount();
      twoComments();
      expect(await region("Second").findByRole("textbox", { name: "Reply" })).toHaveValue(
        "Survives a reload",
      );
      expect(region("First").queryByRole("textbox", { name: "Reply" })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
