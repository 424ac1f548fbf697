import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { checkPermission, type PermissionCheckOptions } from "@library/src/permissions/permissionChecker";
import type { RootState } from "@library/src/redux/rootReducer";

/** Check permissions against the store; false until permissions are loaded. */
export function hasPermission(
  state: RootState,
  permission: string | readonly string[],
  options?: PermissionCheckOptions,
): boolean {
  return checkPermission(
    { permissions: state.permissions.permissions, isSignedIn: selectIsSignedIn(state) },
    permission,
    options,
  );
}
