import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AddToCollectionModal } from "./AddToCollectionModal";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const collection = (collectionID: number, name: string) => ({
  collectionID,
  name,
  records: [],
  dateInserted: "2026-01-01T00:00:00+00:00",
  dateUpdated: null,
  insertUserID: 1,
  updateUserID: null,
});

describe("AddToCollectionModal", () => {
  it("checks the collections holding the record; Save sends an empty list first, then the checked ones", async () => {
    api = mockApi((request) => {
      if (request.method === "GET" && request.url === "collections")
        return { data: [collection(1, "Staff Picks"), collection(2, "Guides")] };
      if (request.method === "GET") return { data: [collection(2, "Guides")] };
      if (request.method === "POST") return { status: 201, data: collection(3, "Brand New") };
      return { data: [] };
    });
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { store } = renderWithStore(
      <AddToCollectionModal record={{ recordID: 9, recordType: "discussion" }} onClose={onClose} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Add to Collection" });
    expect(await within(dialog).findByRole("checkbox", { name: "Guides" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Staff Picks" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("checkbox", { name: "Staff Picks" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Guides" }));
    await user.type(within(dialog).getByRole("textbox", { name: "New collection" }), "Brand New");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests.slice(2).map((request) => [request.method, request.url, request.data])).toEqual([
      ["POST", "collections", { name: "Brand New", records: [{ recordID: 9, recordType: "discussion" }] }],
      [
        "PUT",
        "collections/by-resource",
        { record: { recordID: 9, recordType: "discussion" }, collectionIDs: [] },
      ],
      [
        "PUT",
        "collections/by-resource",
        { record: { recordID: 9, recordType: "discussion" }, collectionIDs: [1, 3] },
      ],
    ]);
    expect(api.requests[1]).toMatchObject({ params: { recordID: 9, recordType: "discussion" } });
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Saved."]);
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: [] }
        : {
            status: 422,
            data: {
              message: "Validation Failed",
              status: 422,
              errors: [{ field: "name", message: "A collection with this name already exists." }],
            },
          },
    );
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithStore(
      <AddToCollectionModal record={{ recordID: 9, recordType: "discussion" }} onClose={onClose} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Add to Collection" });
    expect(await within(dialog).findByText("There are no collections yet.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "New collection" }), "Taken");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("A collection with this name already exists."),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
