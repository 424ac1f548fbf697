import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ChangeLogEntry } from "@forum/api/changeLog";
import type { UserFragment } from "@forum/api/users";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ChangeLogList } from "./ChangeLogList";

const user = (userID: number, name: string): UserFragment => ({
  userID,
  name,
  photoUrl: "",
  url: `/profile/${name}`,
  dateLastActive: null,
  banned: 0,
  private: false,
});

const entry = (logID: number, extra: Partial<ChangeLogEntry>): ChangeLogEntry => ({
  logID,
  operation: "delete",
  recordType: "comment",
  recordID: 40 + logID,
  parentRecordID: 7,
  recordName: "Thread",
  before: { body: "x", format: "text", bodyHtml: `<p>Deleted reply ${logID}</p>` },
  recordUser: user(5, "Writer"),
  insertUser: user(2, "Mod"),
  dateInserted: "2026-11-20T10:00:00+00:00",
  restorable: true,
  ...extra,
});

const discussion = { discussionID: 7, name: "Thread", url: "/discussion/7/thread" };

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("ChangeLogList", () => {
  it("lists deleted comments with their author and text, and restores one", async () => {
    const restoredEntry = entry(1, { restorable: false, dateRestored: "2026-11-21T10:00:00+00:00" });
    api = mockApi(({ method }) =>
      method === "POST" ? { status: 204 } : { data: [restoredEntry, entry(2, {})] },
    );
    const clicker = userEvent.setup();
    const { store } = renderWithStore(
      <ChangeLogList entries={[entry(1, {}), entry(2, {})]} mode="deletedComments" discussion={discussion} />,
    );
    const [first] = screen.getAllByRole("listitem");
    expect(first).toHaveTextContent("Comment deleted");
    expect(first).toHaveTextContent("Deleted reply 1");
    expect(within(first!).getByRole("link", { name: "Writer" })).toHaveAttribute("href", "/profile/Writer");
    await clicker.click(within(first!).getAllByRole("button", { name: /^Restore/ })[0]!);
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Restored."]),
    );
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST log/1/restore",
      "GET log",
    ]);
    expect(api.requests[1]?.params).toMatchObject({
      recordType: "comment",
      parentRecordID: 7,
      operation: "delete",
    });
    const items = screen.getAllByRole("listitem");
    expect(within(items[0]!).queryByRole("button", { name: /^Restore/ })).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Restored");
  });

  it("shows an edit as a diff of title and text", () => {
    const edit = entry(3, {
      operation: "edit",
      recordType: "discussion",
      before: { name: "Old title", body: "", format: "html", bodyHtml: "<p>keep this gone</p>" },
      after: { name: "New title", body: "", format: "html", bodyHtml: "<p>keep this here</p>" },
    });
    renderWithStore(<ChangeLogList entries={[edit]} mode="history" discussion={discussion} />);
    expect(screen.getByText("Old title").tagName).toBe("DEL");
    expect(screen.getByText("New title").tagName).toBe("INS");
    expect(screen.getByText("gone").tagName).toBe("DEL");
    expect(screen.getByText("here").tagName).toBe("INS");
  });

  it("shows the server's refusal", async () => {
    api = mockApi(() => ({
      status: 409,
      data: { message: "Restore the discussion of this comment first.", status: 409 },
    }));
    const clicker = userEvent.setup();
    const { store } = renderWithStore(
      <ChangeLogList entries={[entry(1, {})]} mode="deletedComments" discussion={discussion} />,
    );
    await clicker.click(screen.getByRole("button", { name: /^Restore/ }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
        "Restore the discussion of this comment first.",
      ]),
    );
    expect(screen.getByRole("button", { name: /^Restore/ })).toBeEnabled();
  });

  it("names a deleted member 'User Deleted' as plain text, with no link to a profile that is gone", () => {
    const deleted: UserFragment = { ...user(5, "User Deleted"), url: "" };
    renderWithStore(
      <ChangeLogList
        entries={[entry(1, { recordUser: deleted })]}
        mode="deletedComments"
        discussion={discussion}
      />,
    );
    const [first] = screen.getAllByRole("listitem");
    expect(first).toHaveTextContent("Comment by User Deleted");
    expect(within(first!).queryByRole("link", { name: "User Deleted" })).not.toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Mod" })).toHaveAttribute("href", "/profile/Mod");
  });

  it("says so when nothing was deleted", () => {
    renderWithStore(<ChangeLogList entries={[]} mode="deletedComments" discussion={discussion} />);
    expect(screen.getByText("No comments have been deleted here.")).toBeInTheDocument();
  });
});
