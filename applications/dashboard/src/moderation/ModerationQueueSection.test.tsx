import type { ModerationItem } from "@forum/api/moderationQueue";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { KEYBOARD_HELP, ModerationQueueSection } from "./ModerationQueueSection";

const user = (userID: number, name: string) => ({
  userID,
  name,
  photoUrl: "",
  url: `/profile/${name}`,
  dateLastActive: null,
  banned: 0,
  private: false,
});

const item = (itemID: number, extra: Partial<ModerationItem> = {}): ModerationItem => ({
  itemID,
  itemType: "report",
  status: "pending",
  recordType: "comment",
  recordID: 100 + itemID,
  discussionID: 9,
  categoryID: 1,
  recordName: "Heated thread",
  bodyHtml: `<p>Comment ${itemID}</p>`,
  url: `/discussion/comment/${100 + itemID}`,
  recordUser: user(20 + itemID, `Author${itemID}`),
  dateRecordInserted: "2026-11-20T10:00:00Z",
  dateInserted: "2026-11-20T10:00:00Z",
  holdReasons: [],
  spamScore: null,
  spamReasons: [],
  countReports: 2,
  reasons: [{ reason: "spam", count: 2 }],
  reports: [
    {
      reportID: itemID * 10,
      reason: "spam",
      note: "Selling things",
      insertUser: user(5, "Reporter"),
      dateInserted: "2026-11-20T10:05:00Z",
    },
  ],
  ...extra,
});

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderQueue(url = "/dashboard/content/reports") {
  return renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <ModerationQueueSection />
    </MemoryRouter>,
  );
}

describe("ModerationQueueSection", () => {
  it("shows one post's reports grouped, with reasons, notes and reporters (the SPEC 1 link)", async () => {
    api = mockApi((request) =>
      request.url === "moderation/counts"
        ? { data: { report: 1, premoderation: 0, spam: 0, escalated: 0 } }
        : { data: [item(1)] },
    );
    renderQueue("/dashboard/content/reports?statuses=none&recordType=comment&recordID=101");
    const card = (await screen.findByText("Comment 1")).closest("li")!;
    expect(within(card).getByText("2 reports: Spam ×2")).toBeInTheDocument();
    expect(within(card).getByText(/Selling things/)).toBeInTheDocument();
    expect(within(card).getByText("Reporter")).toBeInTheDocument();
    expect(screen.getByText("Comment #101")).toBeInTheDocument();
    expect(screen.getByText(KEYBOARD_HELP)).toBeInTheDocument();
    expect(api.requests.find((request) => request.url === "moderation/items")?.params).toMatchObject({
      statuses: "none",
      recordType: "comment",
      recordID: 101,
    });
  });

  it("lists what made up a held post's spam score, and names a deleted author without a link", async () => {
    const held = item(4, {
      itemType: "spam",
      holdReasons: ["spam"],
      spamScore: 14,
      spamReasons: [
        { signal: "links", count: 3, points: 6 },
        { signal: "spamPhrases", count: 1, points: 3 },
        { signal: "newAccount", count: 1, points: 5 },
      ],
      recordUser: { ...user(24, "User Deleted"), url: "" },
      countReports: 0,
      reasons: [],
      reports: [],
    });
    api = mockApi((request) =>
      request.url === "moderation/counts"
        ? { data: { report: 0, premoderation: 0, spam: 1, escalated: 0 } }
        : { data: [held] },
    );
    renderQueue();
    const card = (await screen.findByText("Comment 4")).closest("li")!;
    expect(within(card).getByText(/Spam score 14/)).toBeInTheDocument();
    expect(
      within(card).getByText("Links to other sites: 3 (+6) · Spam phrases: 1 (+3) · New account (+5)"),
    ).toBeInTheDocument();
    expect(within(card).getByText("User Deleted").closest("a")).toBeNull();
  });

  it("moves with j/k, acts on the focused item with a, selects with x and bulk-deletes with d", async () => {
    const keys = userEvent.setup();
    let items = [
      item(1),
      item(2),
      item(3, { itemType: "premoderation", countReports: 0, reasons: [], reports: [] }),
    ];
    api = mockApi((request) => {
      if (request.url === "moderation/counts")
        return { data: { report: 2, premoderation: 1, spam: 0, escalated: 0 } };
      if (request.method === "POST" && request.url === "moderation/items/bulk") {
        const { itemIDs } = request.data as { itemIDs: number[] };
        items = items.filter((row) => !itemIDs.includes(row.itemID));
        return { data: { successIDs: itemIDs, failedIDs: [], exceptionsByID: {} } };
      }
      if (request.method === "POST") {
        const itemID = Number(request.url.split("/")[2]);
        items = items.filter((row) => row.itemID !== itemID);
        return { data: item(itemID, { status: "approved" }) };
      }
      return { data: items };
    });
    const { store } = renderQueue();
    await screen.findByText("Comment 1");
    expect(document.querySelector("[aria-current='true']")?.textContent).toContain("Comment 1");

    await keys.keyboard("j");
    expect(document.querySelector("[aria-current='true']")?.textContent).toContain("Comment 2");
    await keys.keyboard("a");
    await waitFor(() => expect(screen.queryByText("Comment 2")).not.toBeInTheDocument());
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: "POST", url: "moderation/items/2/approve" }),
    );
    expect(store.getState().toasts.items[0]).toMatchObject({ message: "Approved." });

    await keys.keyboard("k");
    await keys.keyboard("x");
    await keys.keyboard("j");
    await keys.keyboard("x");
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await keys.keyboard("d");
    await waitFor(() => expect(screen.getByText("Nothing is waiting for a moderator.")).toBeInTheDocument());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        url: "moderation/items/bulk",
        data: { itemIDs: [1, 3], action: "delete" },
      }),
    );
  });

  it("ignores the keys while typing in a field", async () => {
    const keys = userEvent.setup();
    api = mockApi((request) =>
      request.url === "moderation/counts"
        ? { data: { report: 1, premoderation: 0, spam: 0, escalated: 0 } }
        : { data: [item(1)] },
    );
    renderQueue();
    await screen.findByText("Comment 1");
    await keys.click(screen.getByLabelText("Status"));
    await keys.keyboard("a");
    expect(api.requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("bans an author for a week with a reason through the members' ban call", async () => {
    const keys = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "moderation/counts")
        return { data: { report: 1, premoderation: 0, spam: 0, escalated: 0 } };
      if (request.method === "PUT") return { data: { banned: true } };
      return { data: [item(1)] };
    });
    renderQueue();
    const card = (await screen.findByText("Comment 1")).closest("li")!;
    await keys.click(within(card).getByRole("button", { name: "Ban author" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban Author1" });
    await keys.type(within(dialog).getByLabelText("Reason"), "Spam links");
    await keys.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "PUT",
        url: "users/21/ban",
        data: { banned: true, reason: "Spam links", days: 7 },
      }),
    );
  });
});
