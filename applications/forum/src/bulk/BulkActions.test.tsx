import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Discussion } from "@forum/api/discussions";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { BulkActionsHost } from "./BulkActionsHost";
import { BulkSelectCheckbox } from "./BulkSelectCheckbox";
import { useBulkChanges } from "./useBulkChanges";

const MANAGED = 1;
const READ_ONLY = 2;

function discussion(discussionID: number, name: string, extra: Partial<Discussion> = {}): Discussion {
  return {
    discussionID,
    name,
    categoryID: MANAGED,
    category: { categoryID: MANAGED, name: "General", url: "/categories/general" },
    closed: false,
    ...extra,
  } as Discussion;
}

const moderatorIn = (manageCategories: number[], withoutClose: number[] = []) => ({
  currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Mo" }), requestID: null },
  permissions: {
    permissions: success({
      isAdmin: false,
      isSysAdmin: false,
      isSuperAdmin: false,
      permissions: [
        { type: "global", id: null, permissions: { "session.valid": true } },
        ...manageCategories.map((id) => ({
          type: "category",
          id,
          permissions: {
            "discussions.view": true,
            "discussions.edit": true,
            "discussions.delete": true,
            "discussions.close": true,
            // The consolidated name the server adds (edit and delete held).
            "discussions.manage": true,
          },
        })),
        ...withoutClose.map((id) => ({
          type: "category",
          id,
          permissions: {
            "discussions.view": true,
            "discussions.edit": true,
            "discussions.delete": true,
            "discussions.manage": true,
          },
        })),
      ],
      junctions: { category: [...manageCategories, ...withoutClose] },
    }),
    requestID: null,
  },
});

function List({ discussions }: { discussions: Discussion[] }) {
  const shown = useBulkChanges(discussions);
  return (
    <>
      <ul>
        {shown.map((item) => (
          <li key={item.discussionID} data-testid="row">
            <BulkSelectCheckbox discussion={item} />
            <span>{item.name}</span> <span>{item.category?.name}</span>{" "}
            {item.closed ? <span>Closed</span> : null}
          </li>
        ))}
      </ul>
      <BulkActionsHost />
      <ToastContainer />
    </>
  );
}

const three = [discussion(11, "Alpha"), discussion(12, "Beta"), discussion(13, "Gamma", { closed: true })];

describe("bulk actions on a discussion list", () => {
  it("shows checkboxes only where the member manages discussions, and the selection toast while any is checked", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <List discussions={[...three, discussion(14, "Elsewhere", { categoryID: READ_ONLY })]} />,
      {
        preloadedState: moderatorIn([MANAGED]),
      },
    );
    expect(screen.getAllByRole("checkbox")).toHaveLength(3);
    expect(screen.queryByRole("checkbox", { name: "Select Elsewhere" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Alpha" }));
    expect(await screen.findByText("1 discussion selected")).toBeInTheDocument();
    // SPEC 5: merge needs two.
    expect(screen.getByRole("button", { name: "Merge" })).toBeDisabled();
    expect(screen.getByText("You must select at least 2 discussions to merge.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Beta" }));
    expect(await screen.findByText("2 discussions selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Merge" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(screen.queryByText("2 discussions selected")).not.toBeVisible());
    expect(screen.getByRole("checkbox", { name: "Select Alpha" })).not.toBeChecked();
  });

  it("disables Close when every selected discussion is closed, and names discussions outside the member's rights", async () => {
    const user = userEvent.setup();
    renderWithStore(<List discussions={[...three, discussion(15, "Close only", { categoryID: 3 })]} />, {
      preloadedState: moderatorIn([MANAGED], [3]),
    });
    await user.click(screen.getByRole("checkbox", { name: "Select Gamma" }));
    expect(await screen.findByRole("button", { name: "Close" })).toBeDisabled();
    expect(screen.getByText("Selected discussions are already closed.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Close only" }));
    expect(screen.getByRole("button", { name: "Close" })).toBeDisabled();
    expect(
      screen.getByText("You don’t have the close permission on the following discussions: Close only"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move" })).toBeEnabled();
  });

  it("moves the selection through the long runner with progress, and the list shows the new category", async () => {
    const user = userEvent.setup();
    const api = mockApi(({ url }) => {
      if (url === "categories")
        return {
          data: [
            {
              categoryID: MANAGED,
              name: "General",
              url: "/categories/general",
              depth: 1,
              displayAs: "discussions",
            },
            {
              categoryID: 7,
              name: "Archive",
              url: "/categories/archive",
              depth: 1,
              displayAs: "discussions",
            },
          ],
        };
      if (url === "discussions/move")
        return {
          status: 408,
          data: {
            progress: { successIDs: [11], failedIDs: [], exceptionsByID: {}, countTotalIDs: 3 },
            callbackPayload: "t1",
          },
        };
      return {
        status: 404,
        data: {
          progress: {
            successIDs: [12],
            failedIDs: [13],
            exceptionsByID: { "13": { message: "Discussion not found.", code: 404 } },
            countTotalIDs: 3,
          },
          callbackPayload: null,
        },
      };
    });
    renderWithStore(<List discussions={three} />, { preloadedState: moderatorIn([MANAGED, 7]) });
    for (const name of ["Alpha", "Beta", "Gamma"])
      await user.click(screen.getByRole("checkbox", { name: `Select ${name}` }));
    await user.click(await screen.findByRole("button", { name: "Move" }));
    const dialog = await screen.findByRole("dialog", { name: "Move Discussions" });
    await user.selectOptions(await within(dialog).findByRole("combobox", { name: "Category" }), "Archive");
    await user.click(within(dialog).getByRole("checkbox", { name: "Leave a redirect link" }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    const progress = await screen.findByRole("dialog", { name: "Moving discussions" });
    await waitFor(() => expect(within(progress).getByText("Done.")).toBeInTheDocument());
    api.restore();
    expect(api.requests.find((request) => request.url === "discussions/move")?.data).toEqual({
      discussionIDs: [11, 12, 13],
      categoryID: 7,
      addRedirects: true,
    });
    expect(within(progress).getByTestId("longRunner-succeeded")).toHaveTextContent("2");
    expect(within(progress).getByRole("list", { name: "Errors" })).toHaveTextContent(
      "Gamma: Discussion not found.",
    );
    await user.click(within(progress).getByRole("button", { name: "Close" }));
    const rows = screen.getAllByTestId("row");
    expect(rows[0]).toHaveTextContent("Archive");
    expect(rows[1]).toHaveTextContent("Archive");
    expect(rows[2]).toHaveTextContent("General");
    // SPEC 4: the failed one is checked again, the moved ones are not.
    expect(screen.getByRole("checkbox", { name: "Select Gamma" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Select Alpha" })).not.toBeChecked();
    expect(await screen.findByText("1 discussion selected")).toBeInTheDocument();
  });

  it("merges into the chosen discussion and removes the others from the list", async () => {
    const user = userEvent.setup();
    const api = mockApi(() => ({
      data: {
        progress: { successIDs: [11], failedIDs: [], exceptionsByID: {}, countTotalIDs: 1 },
        callbackPayload: null,
      },
    }));
    renderWithStore(<List discussions={three} />, { preloadedState: moderatorIn([MANAGED]) });
    await user.click(screen.getByRole("checkbox", { name: "Select Alpha" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Beta" }));
    await user.click(await screen.findByRole("button", { name: "Merge" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge Discussions" });
    await user.click(within(dialog).getByRole("radio", { name: "Beta" }));
    await user.click(within(dialog).getByRole("button", { name: "Merge" }));
    const progress = await screen.findByRole("dialog", { name: "Merging discussions" });
    await waitFor(() => expect(within(progress).getByText("Done.")).toBeInTheDocument());
    api.restore();
    expect(api.requests[0]?.data).toEqual({
      discussionIDs: [11, 12],
      destinationDiscussionID: 12,
      addRedirects: false,
    });
    expect(screen.queryByText("Alpha")).not.toBeInTheDocument();
    expect(screen.getByText("Beta")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select Beta" })).not.toBeChecked();
  });

  it("asks before deleting, and re-checks everything when the whole call is refused", async () => {
    const user = userEvent.setup();
    const api = mockApi(() => ({
      status: 403,
      data: {
        message: "Permission Problem",
        status: 403,
        permissions: ["discussions.delete"],
        recordIDs: [12],
      },
    }));
    renderWithStore(<List discussions={three} />, { preloadedState: moderatorIn([MANAGED]) });
    await user.click(screen.getByRole("checkbox", { name: "Select Alpha" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Beta" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Discussions" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete 2 discussions?");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const progress = await screen.findByRole("dialog", { name: "Deleting discussions" });
    await waitFor(() => expect(within(progress).getByRole("alert")).toHaveTextContent("Permission Problem"));
    api.restore();
    await user.click(within(progress).getByRole("button", { name: "Close" }));
    expect(screen.getByText("Alpha")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select Alpha" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Select Beta" })).toBeChecked();
  });
});
