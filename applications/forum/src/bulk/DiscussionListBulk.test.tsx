import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { DiscussionListModule } from "@applications/forum/src/layouts/DiscussionListModule";
import { makeDiscussion, makeUserFragment } from "@applications/forum/src/layouts/testing/layoutFixtures";

function viewer(global: Record<string, boolean>, inCategory: Record<string, boolean>) {
  return {
    currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Mo" }), requestID: null },
    permissions: {
      permissions: success({
        isAdmin: false,
        isSysAdmin: false,
        isSuperAdmin: false,
        permissions: [
          { type: "global", id: null, permissions: { "session.valid": true, ...global } },
          { type: "category", id: 3, permissions: { "discussions.view": true, ...inCategory } },
        ],
        junctions: { category: [3] },
      }),
      requestID: null,
    },
  };
}

const MANAGES = { "discussions.edit": true, "discussions.delete": true, "discussions.manage": true };

function renderList(preloadedState: ReturnType<typeof viewer>) {
  const author = makeUserFragment({ userID: 8, name: "Ana", url: "/profile/Ana" });
  return renderWithStore(
    <>
      <DiscussionListModule
        discussions={[
          makeDiscussion({ discussionID: 1, name: "First", insertUser: author }),
          makeDiscussion({ discussionID: 2, name: "Second", insertUser: author }),
        ]}
        apiParams={{ limit: 30, categoryID: 3 }}
        paging={{ page: 1, limit: 30, total: 2 }}
        listUrl="/categories/general"
      />
      <ToastContainer />
    </>,
    { preloadedState },
  );
}

describe("DiscussionListModule with bulk selection", () => {
  it("gives moderators of the category a selection box per row and the selection toast; names open the profile card", async () => {
    renderList(viewer({ "profiles.view": true }, MANAGES));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select First" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Second" }));
    expect(await screen.findByText("2 discussions selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move" })).toBeEnabled();
    expect(screen.getAllByRole("link", { name: "Ana" })[0]).toHaveAttribute("data-usercard", "8");
  });

  it("gives other members no selection boxes, and names without profiles.view open no card", () => {
    renderList(viewer({}, {}));
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Ana" })[0]).not.toHaveAttribute("data-usercard");
  });
});
