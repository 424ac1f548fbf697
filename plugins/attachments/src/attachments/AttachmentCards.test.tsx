import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import type { Attachment, AttachmentForm } from "../../api/attachmentsApi";
import { AttachmentActions } from "./AttachmentActions";
import { AttachmentCards } from "./AttachmentCards";

const integrations = {
  "webhook-ticket": {
    title: "Ticket",
    externalIDLabel: "Ticket #",
    logoIcon: "ticket",
    submitButton: "Create Ticket",
    postSuccessMessage: "The ticket is being created.",
  },
};

function attachment(extra: Partial<Attachment> = {}): Attachment {
  return {
    attachmentID: 1,
    recordType: "discussion",
    recordID: 7,
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
    metadata: [{ labelCode: "Priority", value: "High" }],
    ...extra,
  };
}

const form: AttachmentForm = {
  type: "object",
  properties: {
    title: { type: "string", title: "Title", default: "Printer on fire", maxLength: 200 },
    body: { type: "string", title: "Description", default: "It burns", "x-control": "textarea" },
    priority: {
      type: "string",
      title: "Priority",
      default: "normal",
      enum: ["low", "normal", "high"],
      "x-labels": { low: "Low", normal: "Normal", high: "High" },
    },
  },
  required: ["title", "priority"],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderPost(attachments: Attachment[]) {
  return renderWithStore(
    <>
      <AttachmentActions
        recordType="discussion"
        recordID={7}
        actions={[{ attachmentType: "webhook-ticket", label: "Create Ticket" }]}
      />
      <AttachmentCards
        recordType="discussion"
        recordID={7}
        attachments={attachments}
        integrations={integrations}
      />
    </>,
  );
}

describe("AttachmentCards", () => {
  it("shows each attachment's integration, linked id, status and fields; leaves out unknown integrations", () => {
    renderPost([attachment(), attachment({ attachmentID: 2, type: "gone-integration", sourceID: "9" })]);
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(within(card).getByText("Ticket")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Ticket #1001" })).toHaveAttribute(
      "href",
      "https://tickets.example.test/t/1001",
    );
    expect(within(card).getByLabelText("Status")).toHaveTextContent("open");
    expect(within(card).getByText("Priority")).toBeInTheDocument();
    expect(within(card).getByText("High")).toBeInTheDocument();
  });

  it("refreshes a card from the service, and says why when that fails", async () => {
    let down = false;
    api = mockApi(() =>
      down
        ? { status: 400, data: { message: "The ticket service could not be reached.", status: 400 } }
        : { data: [attachment({ status: "closed" })] },
    );
    const user = userEvent.setup();
    const { store } = renderPost([attachment()]);
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("closed")).toBeInTheDocument();
    expect(api.requests[0]).toMatchObject({
      method: "POST",
      url: "attachments/refresh",
      data: { attachmentIDs: [1], onlyStale: false },
    });
    down = true;
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await screen.findByRole("button", { name: "Refresh" });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      "The ticket service could not be reached.",
    ]);
  });

  it("opens the form from the menu action, shows field errors, then adds the new attachment", async () => {
    let created = 0;
    api = mockApi(({ method, url, data }) => {
      if (url === "attachments/schema") return { data: form };
      if (method === "POST" && url === "attachments") {
        const fields = data as Record<string, string>;
        if (fields.title === "")
          return {
            status: 422,
            data: {
              message: "Validation Failed",
              status: 422,
              errors: [{ field: "title", code: "missingField", message: "This field is required." }],
            },
          };
        created += 1;
        return {
          status: 201,
          data: attachment({
            attachmentID: 5,
            sourceID: null,
            sourceUrl: null,
            status: "pending",
            metadata: [],
          }),
        };
      }
      return { data: [attachment({ attachmentID: 5, sourceID: "1002", sourceUrl: null })] };
    });
    const user = userEvent.setup();
    const { store } = renderPost([]);
    expect(screen.queryByRole("region", { name: "Attachments" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Create Ticket" }));
    const dialog = await screen.findByRole("dialog", { name: "Ticket" });
    const title = await within(dialog).findByRole("textbox", { name: /Title/ });
    expect(title).toHaveValue("Printer on fire");
    expect(within(dialog).getByRole("textbox", { name: "Description" })).toHaveValue("It burns");
    expect(within(dialog).getByRole("combobox", { name: /Priority/ })).toHaveValue("normal");

    await user.clear(title);
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    expect(created).toBe(0);

    await user.type(title, "Fire");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Priority/ }), "high");
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    await waitFor(() => expect(created).toBe(1));
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      "The ticket is being created.",
    ]);
    expect(api.requests.filter((request) => request.method === "POST").at(-1)?.data).toMatchObject({
      attachmentType: "webhook-ticket",
      recordType: "discussion",
      recordID: 7,
      title: "Fire",
      priority: "high",
    });
    const region = screen.getByRole("region", { name: "Attachments" });
    expect(within(region).getByLabelText("Status")).toHaveTextContent("Pending");
    // Read again until the service has answered.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1600));
    });
    expect(await within(region).findByText("Ticket #1002")).toBeInTheDocument();
  });
});
