import { screen, waitFor } from "@testing-library/react";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { mockApi } from "@library/src/testing/mockApi";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { hasPermission } from "./hasPermission";
import { usePermissionsChecker } from "./usePermissionsChecker";

function Gate() {
  const can = usePermissionsChecker();
  return <p>{can("site.manage") ? "can manage" : "cannot manage"}</p>;
}

describe("usePermissionsChecker", () => {
  afterEach(() => removeBootstrap());

  it("returns false until permissions load, then checks them (one request)", async () => {
    const api = mockApi(() => ({
      data: {
        isAdmin: false,
        isSysAdmin: false,
        isSuperAdmin: false,
        permissions: [{ type: "global", id: null, permissions: { "site.manage": true } }],
      },
    }));
    const { store } = renderWithStore(
      <>
        <Gate />
        <Gate />
      </>,
    );
    expect(screen.getAllByText("cannot manage")).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByText("can manage")).toHaveLength(2));
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        url: "users/$me/permissions",
        params: { expand: "junctions" },
      }),
    ]);
    expect(hasPermission(store.getState(), "site.manage")).toBe(true);
    expect(hasPermission(store.getState(), "comments.add")).toBe(false);
    api.restore();
  });

  it("uses bootstrapped permissions without a request", () => {
    installBootstrap({
      currentUser: makeMe(),
      permissions: { isAdmin: true, isSysAdmin: false, isSuperAdmin: false, permissions: [] },
    });
    const api = mockApi(() => ({ status: 500 }));
    renderWithStore(<Gate />);
    expect(screen.getByText("can manage")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    api.restore();
  });
});
