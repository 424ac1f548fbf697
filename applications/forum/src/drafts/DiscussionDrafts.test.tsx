import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as ComposerDouble from "@applications/forum/src/posts/composerTestDouble";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { NewDiscussionForm } from "@applications/forum/src/posts/NewDiscussionForm";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("@applications/forum/src/posts/composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const signedIn = {
  currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Ann" }), requestID: null },
};
const categories = [
  { categoryID: 2, name: "Questions", depth: 1, canPost: true },
  { categoryID: 4, name: "General", depth: 1, canPost: true },
];
let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
  window.localStorage.clear();
});

describe("new discussion drafts", () => {
  it("opens the member's newest new-discussion draft from the server, written in another browser", async () => {
    const draft = (draftID: number, recordID: number | null, name: string) => ({
      draftID,
      recordType: "discussion",
      recordID,
      parentRecordType: null,
      parentRecordID: null,
      draftStatus: "draft",
      attributes: {
        body: JSON.stringify([{ type: "p", children: [{ text: `${name} body` }] }]),
        format: "rich2",
        lastSaved: "2026-11-20T10:00:00.000Z",
        draftMeta: { name, categoryID: 2, postTypeID: "discussion" },
      },
    });
    // Newest first: an edit of a posted discussion (not a new one), then the new discussion's draft.
    api = mockApi(() => ({ data: [draft(9, 31, "An edit"), draft(8, null, "Elsewhere")] }));
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={null} />, {
      preloadedState: signedIn,
    });
    expect(await screen.findByRole("textbox", { name: /Title/ })).toHaveValue("Elsewhere");
    expect(screen.getByRole("combobox", { name: /Category/ })).toHaveValue("Questions");
    expect(await screen.findByRole("textbox", { name: "Body" })).toHaveValue("Elsewhere body");
    expect(api.requests[0]).toMatchObject({
      method: "GET",
      url: "drafts",
      params: { recordType: "discussion", draftStatus: "draft", sort: "-dateUpdated" },
    });
  });

  it("opens a draft from the drafts page with its title, category and body", async () => {
    api = mockApi(() => ({
      data: {
        draftID: 7,
        recordType: "discussion",
        recordID: null,
        parentRecordType: null,
        parentRecordID: null,
        attributes: {
          body: JSON.stringify([{ type: "p", children: [{ text: "The body" }] }]),
          format: "rich2",
          lastSaved: "2026-11-20T10:00:00.000Z",
          draftMeta: { name: "Saved title", categoryID: 2, postTypeID: "discussion" },
        },
      },
    }));
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={null} draftID={7} />, {
      preloadedState: signedIn,
    });
    expect(await screen.findByRole("textbox", { name: /Title/ })).toHaveValue("Saved title");
    expect(screen.getByRole("combobox", { name: /Category/ })).toHaveValue("Questions");
    expect(await screen.findByRole("textbox", { name: "Body" })).toHaveValue("The body");
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET drafts/7/edit"]);
  });

  it("saves title, category and body as a discussion draft once stable 5 s", async () => {
    jest.useFakeTimers();
    api = mockApi(({ method }) =>
      method === "POST" ? { status: 201, data: { draftID: 8 } } : { status: 200, data: [] },
    );
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} />, {
      preloadedState: signedIn,
    });
    await user.type(await screen.findByRole("textbox", { name: /Title/ }), "Big news");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Details");
    await act(() => jest.advanceTimersByTimeAsync(5100));
    expect(api.requests).toEqual([
      // First: is there a draft of a new discussion from another browser? (none)
      expect.objectContaining({ method: "GET", url: "drafts" }),
      expect.objectContaining({
        method: "POST",
        url: "drafts",
        data: expect.objectContaining({
          recordType: "discussion",
          attributes: expect.objectContaining({
            body: JSON.stringify([{ type: "p", children: [{ text: "Details" }] }]),
            draftMeta: expect.objectContaining({ name: "Big news", categoryID: 4, postTypeID: "discussion" }),
          }),
        }),
      }),
    ]);
    expect(window.localStorage.getItem("forum.draft.5.ref:/post/discussion")).toBe("8");
  });
});
