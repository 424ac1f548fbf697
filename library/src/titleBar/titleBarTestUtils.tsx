import type { PageBootstrap } from "@forum/api/bootstrap";
import type { Me, PermissionsResponse } from "@forum/api/users";
import { GUEST_PERMISSIONS, GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { TitleBar, type TitleBarProps } from "@library/src/titleBar/TitleBar";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";

export const DEFAULT_PROPS: Required<TitleBarProps> = {
  siteTitle: "Gardening Club",
  logoUrl: "",
  currentUrl: "/discussion/5/roses?page=2",
  conversationsEnabled: true,
};

/** Mock the window width the device hook reads (it is read on the first render). */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

/** Global grants for the permissions bootstrap. */
export function globalPermissions(grants: Record<string, boolean>): PermissionsResponse {
  return {
    ...GUEST_PERMISSIONS,
    permissions: [{ type: "global", id: null, permissions: grants }],
  };
}

export interface RenderTitleBarOptions {
  user?: Me;
  permissions?: PermissionsResponse;
  config?: PageBootstrap["config"];
  props?: TitleBarProps;
}

/** Install a page bootstrap (as the server writes it) and render the title bar with a toast container. */
export function renderTitleBar({
  user = GUEST_USER,
  permissions = GUEST_PERMISSIONS,
  config = {},
  props = DEFAULT_PROPS,
}: RenderTitleBarOptions = {}) {
  installBootstrap({ currentUser: user, permissions, config });
  return renderWithStore(
    <>
      <header className="titleBar">
        <TitleBar {...props} />
      </header>
      <ToastContainer />
    </>,
  );
}
