import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import type { Attachment, AttachmentForm } from "../../api/attachmentsApi";
import { CommentIntegrations } from "./CommentIntegrations";

const integrations = {
  "webhook-ticket": {
    title: "Ticket",
    externalIDLabel: "Ticket #",
    logoIcon: "ticket",
    submitButton: "Create Ticket",
  },
};

const ticket: Attachment = {
  attachmentID: 4,
  recordType: "comment",
  recordID: 12,
  type: "webhook-ticket",
  source: "webhook-ticket",
  sourceID: "1001",
  sourceUrl: "https://tickets.example.test/t/1001",
  status: "open",
  foreignUserID: 2,
  insertUserID: 3,
  dateInserted: "2026-11-28T10:00:00.000Z",
  dateUpdated: null,
  lastModifiedDate: null,
  updateUserID: null,
  metadata: [],
};

const form: AttachmentForm = {
  type: "object",
  properties: { title: { type: "string", title: "Title", default: "Printer on fire", maxLength: 200 } },
  required: ["title"],
};

function renderComment(viewerID: number, ownOnly: boolean, attachments: Attachment[] = []) {
  return renderWithStore(
    <CommentIntegrations
      recordID={12}
      insertUserID={2}
      actions={[{ attachmentType: "webhook-ticket", label: "Create Ticket", ownOnly }]}
      attachments={attachments}
      integrations={integrations}
    />,
    {
      preloadedState: {
        currentUser: { current: success({ ...GUEST_USER, userID: viewerID, name: "Mo" }), requestID: null },
      },
    },
  );
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("CommentIntegrations", () => {
  it("offers the integrations in Comment Options and creates the attachment on the comment, shown under it", async () => {
    api = mockApi(({ method, url }) => {
      if (url === "attachments/schema") return { data: form };
      if (method === "POST") return { status: 201, data: { ...ticket, attachmentID: 5, sourceID: "1002" } };
      return { data: [] };
    });
    const user = userEvent.setup();
    renderComment(3, false, [ticket]);
    expect(
      within(screen.getByRole("region", { name: "Attachments" })).getByRole("link", { name: "Ticket #1001" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Comment Options" }));
    await user.click(screen.getByRole("menuitem", { name: "Create Ticket" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket" });
    expect(await within(dialog).findByRole("textbox", { name: /Title/ })).toHaveValue("Printer on fire");
    expect(api.requests[0]).toMatchObject({
      url: "attachments/schema",
      params: { attachmentType: "webhook-ticket", recordType: "comment", recordID: 12 },
    });
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Ticket" })).not.toBeInTheDocument());
    expect(api.requests.find((request) => request.method === "POST")?.data).toMatchObject({
      attachmentType: "webhook-ticket",
      recordType: "comment",
      recordID: 12,
    });
    expect(screen.getByRole("link", { name: "Ticket #1002" })).toBeInTheDocument();
  });

  it("shows an 'own' integration's action to the comment's author only", () => {
    const { unmount } = renderComment(3, true, [ticket]);
    expect(screen.queryByRole("button", { name: "Comment Options" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ticket #1001" })).toBeInTheDocument();
    unmount();
    renderComment(2, true);
    expect(screen.getByRole("button", { name: "Comment Options" })).toBeInTheDocument();
  });
});
