import { useCallback } from "react";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { checkPermission } from "@library/src/permissions/permissionChecker";
import { selectPermissionsLoadable } from "@library/src/permissions/permissionsSlice";
import type { PermissionChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppSelector } from "@library/src/redux/hooks";

/**
 * A permission checker over the permissions the page already has (the bootstrap's), without asking the server:
 * every list row asks, and a row must not start a request. Until permissions are known every check is false.
 */
export function useLoadedPermissions(): PermissionChecker {
  const permissions = useAppSelector(selectPermissionsLoadable);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return useCallback(
    (permission, options) => checkPermission({ permissions, isSignedIn }, permission, options),
    [permissions, isSignedIn],
  );
}
