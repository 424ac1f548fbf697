import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Draft } from "@forum/api/drafts";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { DraftsList } from "./DraftsList";

const draft = (draftID: number, extra: Partial<Draft>): Draft => ({
  draftID,
  recordType: "discussion",
  recordID: null,
  parentRecordType: null,
  parentRecordID: null,
  attributes: {},
  draftStatus: "draft",
  dateScheduled: null,
  insertUserID: 5,
  dateInserted: "2026-11-20T10:00:00+00:00",
  updateUserID: 5,
  dateUpdated: "2026-11-20T10:00:00+00:00",
  name: "",
  excerpt: "",
  editUrl: `/post/editdiscussion/0/${draftID}`,
  ...extra,
});

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("DraftsList", () => {
  const drafts = [
    draft(1, { name: "My idea", excerpt: "It goes like this" }),
    draft(2, {
      recordType: "comment",
      excerpt: "Half a reply",
      editUrl: "/discussion/3?hasDraft=true#create-comment",
      breadCrumbs: [
        { name: "General", url: "/categories/general" },
        { name: "Weekend plans", url: "/discussion/3/weekend-plans" },
      ],
    }),
  ];

  it("lists each draft with its kind and an Edit link to where it is written", () => {
    renderWithStore(<DraftsList drafts={drafts} total={2} page={1} limit={30} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => within(item).getAllByRole("link")[0]?.textContent)).toEqual([
      "My idea",
      "Half a reply",
    ]);
    expect(within(items[0]!).getByText("Discussion")).toBeInTheDocument();
    expect(within(items[1]!).getByText("Comment")).toBeInTheDocument();
    // A comment draft says which discussion it answers.
    expect(items[1]).toHaveTextContent("General › Weekend plans");
    expect(within(items[1]!).getByRole("link", { name: "Weekend plans" })).toHaveAttribute(
      "href",
      "/discussion/3/weekend-plans",
    );
    expect(within(items[1]!).getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      "/discussion/3?hasDraft=true#create-comment",
    );
  });

  it("deletes a draft after confirmation and shows the list again", async () => {
    api = mockApi(({ method }) =>
      method === "DELETE"
        ? { status: 204 }
        : { data: [drafts[1]], headers: { "x-app-page-result-count": "1" } },
    );
    const user = userEvent.setup();
    renderWithStore(<DraftsList drafts={drafts} total={2} page={1} limit={30} />);
    await user.click(screen.getByRole("button", { name: "Delete: My idea" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Draft" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this draft?");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findAllByRole("listitem")).toHaveLength(1);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["DELETE drafts/1", "GET drafts"]);
  });

  it("says so when there are none", () => {
    renderWithStore(<DraftsList drafts={[]} total={0} page={1} limit={30} />);
    expect(screen.getByText("You do not have any drafts.")).toBeInTheDocument();
  });

  it("shows when a scheduled draft goes out, why one failed, and cancels a schedule", async () => {
    api = mockApi(({ method }) => (method === "PATCH" ? { data: {} } : { data: [] }));
    const user = userEvent.setup();
    const scheduled = [
      draft(5, { name: "Launch", draftStatus: "scheduled", dateScheduled: "2030-01-01T12:00:00+00:00" }),
      draft(6, { name: "Broken", draftStatus: "error", failedReason: "Category not found." }),
    ];
    renderWithStore(<DraftsList drafts={scheduled} total={2} page={1} limit={30} status="scheduled" />);
    const [launch, broken] = screen.getAllByRole("listitem");
    // The exact day and time, not "in 3 years".
    expect(launch).toHaveTextContent(/Publishes January 1, 2030, \d{1,2}:00 [AP]M/);
    expect(broken).toHaveTextContent("Not published: Category not found.");
    await user.click(within(launch!).getByRole("button", { name: "Cancel Schedule" }));
    expect(await screen.findByText("You do not have any drafts.")).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "PATCH drafts/cancel-schedule/5",
      "GET drafts",
    ]);
    expect(api.requests[1]?.params).toMatchObject({ draftStatus: "scheduled" });
  });
});
