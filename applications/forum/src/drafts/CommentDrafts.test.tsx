import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as ComposerDouble from "@applications/forum/src/posts/composerTestDouble";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { CommentComposer } from "@applications/forum/src/posts/CommentComposer";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("@applications/forum/src/posts/composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const member = { ...GUEST_USER, userID: 5, name: "Ann" };
const signedIn = { currentUser: { current: success(member), requestID: null } };
const paragraph = (text: string) => JSON.stringify([{ type: "p", children: [{ text }] }]);
const serverDraft = (text: string, lastSaved: string) => ({
  draftID: 9,
  recordType: "comment",
  recordID: null,
  parentRecordType: "discussion",
  parentRecordID: 3,
  attributes: { body: paragraph(text), format: "rich2", lastSaved, draftMeta: { commentParentID: null } },
});

let api: ReturnType<typeof mockApi> | null = null;
beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
  jest.mocked(fullPageNavigate).mockReset();
  jest.mocked(console.error).mockRestore();
  window.localStorage.clear();
});

function serve(handler: MockHandler) {
  api = mockApi(handler);
  return api;
}
const renderComposer = () =>
  renderWithStore(
    <>
      <CommentComposer discussionID={3} closed={false} canComment />
      <ToastContainer />
    </>,
    { preloadedState: signedIn },
  );
const typing = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

describe("comment drafts", () => {
  it("keeps what was typed across a reload, and saves it to the server once stable 5 s", async () => {
    const calls = serve(({ method, url }) => {
      if (method === "GET" && url === "drafts") return { data: [] };
      if (method === "POST" && url === "drafts")
        return { status: 201, data: serverDraft("Half a thought", "") };
      return { status: 200, data: serverDraft("Half a thought", "") };
    });
    const { unmount } = renderComposer();
    await typing().type(await screen.findByRole("textbox", { name: "Comment" }), "Half a thought");
    // Stable for less than 5 s: nothing sent yet.
    await act(() => jest.advanceTimersByTimeAsync(4000));
    expect(calls.requests.filter((r) => r.method === "POST")).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1500));
    const posts = calls.requests.filter((r) => r.method === "POST");
    expect(posts).toEqual([
      expect.objectContaining({
        url: "drafts",
        data: expect.objectContaining({
          recordType: "comment",
          parentRecordType: "discussion",
          parentRecordID: 3,
          attributes: expect.objectContaining({ body: paragraph("Half a thought"), format: "rich2" }),
        }),
      }),
    ]);
    unmount();
    // Reloaded: the local copy (now under id 9) is compared with the server's and opened.
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Half a thought");
    expect(calls.requests).toContainEqual(expect.objectContaining({ method: "GET", url: "drafts/9/edit" }));
    expect(await screen.findByText("Saved Draft Available.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Navigate to Draft" })).toHaveAttribute(
      "href",
      "/?hasDraft=true#create-comment",
    );
  });

  it("opens the server copy when it is newer than the local one, e.g. written in another browser", async () => {
    window.localStorage.setItem(
      "forum.draft.5.path:/discussion/3#comment",
      JSON.stringify({ ...serverDraft("Old words", "2020-01-01T00:00:00.000Z"), draftID: undefined }),
    );
    serve(({ url }) =>
      url === "drafts" ? { data: [serverDraft("Newer words", "2030-01-01T00:00:00.000Z")] } : { data: null },
    );
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Newer words");
  });

  it("pushes a local draft newer than the server copy", async () => {
    window.localStorage.setItem(
      "forum.draft.5.path:/discussion/3#comment",
      JSON.stringify({ ...serverDraft("Local is newer", "2030-01-01T00:00:00.000Z"), draftID: undefined }),
    );
    const calls = serve(({ method, url }) =>
      method === "GET" && url === "drafts"
        ? { data: [serverDraft("Server is older", "2020-01-01T00:00:00.000Z")] }
        : { data: serverDraft("Local is newer", "") },
    );
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Local is newer");
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(calls.requests).toContainEqual(
      expect.objectContaining({
        method: "PATCH",
        url: "drafts/9",
        data: { attributes: expect.objectContaining({ body: paragraph("Local is newer") }) },
      }),
    );
  });

  it("deletes the draft locally and on the server when the comment is posted", async () => {
    window.localStorage.setItem("forum.draft.5.ref:/discussion/3#comment", "9");
    window.localStorage.setItem(
      "forum.draft.5.id:9",
      JSON.stringify(serverDraft("Ready to post", "2030-01-01T00:00:00.000Z")),
    );
    const calls = serve(({ method, url }) => {
      if (url === "drafts/9/edit") return { data: serverDraft("Ready to post", "2030-01-01T00:00:00.000Z") };
      if (method === "POST" && url === "comments")
        return { status: 201, data: { commentID: 40, url: "/c/40" } };
      return { status: 204 };
    });
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Ready to post");
    await typing().click(screen.getByRole("button", { name: "Post Comment" }));
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(calls.requests).toContainEqual(expect.objectContaining({ method: "DELETE", url: "drafts/9" }));
    expect(fullPageNavigate).toHaveBeenCalledWith("/c/40");
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it("forgets a local copy the server held as it is once the server copy is gone (posted or discarded elsewhere)", async () => {
    window.localStorage.setItem("forum.draft.5.ref:/discussion/3#comment", "9");
    window.localStorage.setItem(
      "forum.draft.5.id:9",
      JSON.stringify({ ...serverDraft("Posted elsewhere", "2030-01-01T00:00:00.000Z"), synced: true }),
    );
    const calls = serve(() => ({ status: 404, data: { message: "Draft not found.", status: 404 } }));
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("");
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(console.error).not.toHaveBeenCalled();
    expect(calls.requests.map((request) => request.method)).toEqual(["GET"]);
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it("logs 'Error fetching draft from server' and pushes the local draft as new when its server copy is gone", async () => {
    window.localStorage.setItem("forum.draft.5.ref:/discussion/3#comment", "9");
    window.localStorage.setItem(
      "forum.draft.5.id:9",
      JSON.stringify(serverDraft("Survivor", "2030-01-01T00:00:00.000Z")),
    );
    const calls = serve(({ method }) =>
      method === "GET"
        ? { status: 404, data: { message: "Draft not found.", status: 404 } }
        : { status: 201, data: { ...serverDraft("Survivor", ""), draftID: 12 } },
    );
    renderComposer();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Survivor");
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(console.error).toHaveBeenCalledWith("Error fetching draft from server", expect.anything());
    expect(calls.requests).toContainEqual(expect.objectContaining({ method: "POST", url: "drafts" }));
    expect(window.localStorage.getItem("forum.draft.5.ref:/discussion/3#comment")).toBe("12");
  });
  it("asks before leaving while a restored draft is on its way to the server, but not for 'Navigate to Draft'", async () => {
    window.localStorage.setItem(
      "forum.draft.5.path:/discussion/3#comment",
      JSON.stringify({
        ...serverDraft("Typed before the reload", "2030-01-01T00:00:00.000Z"),
        draftID: undefined,
      }),
    );
    // The push of the restored draft never answers: the draft stays unsynced.
    serve(({ method }) => (method === "GET" ? { data: [] } : new Promise<never>(() => undefined)));
    renderWithStore(
      <>
        <CommentComposer discussionID={3} closed={false} canComment />
        <a href="/categories">Elsewhere</a>
        <ToastContainer />
      </>,
      { preloadedState: signedIn },
    );
    expect(await screen.findByRole("textbox", { name: "Comment" })).toHaveValue("Typed before the reload");
    const user = typing();
    const toDraft = await screen.findByRole("link", { name: "Navigate to Draft" });
    const followed = jest.fn((event: MouseEvent) => event.preventDefault());
    toDraft.addEventListener("click", followed);
    await user.click(toDraft);
    expect(screen.queryByRole("dialog", { name: "Unsaved Changes" })).not.toBeInTheDocument();
    expect(followed).toHaveBeenCalledTimes(1);
    // Any other link off the page asks first.
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(await screen.findByRole("dialog", { name: "Unsaved Changes" })).toBeInTheDocument();
  });
});
