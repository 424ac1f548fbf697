import { useCallback, useEffect } from "react";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { LoadStatus } from "@library/src/loadable/loadable";
import { checkPermission, type PermissionCheckOptions } from "@library/src/permissions/permissionChecker";
import { selectPermissionsLoadable } from "@library/src/permissions/permissionsSlice";
import { fetchPermissions } from "@library/src/permissions/permissionsThunks";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";

export type PermissionChecker = (
  permission: string | readonly string[],
  options?: PermissionCheckOptions,
) => boolean;

/** A checker bound to the store; fetches permissions while they are pending (the thunk dedupes). */
export function usePermissionsChecker(): PermissionChecker {
  const permissions = useAppSelector(selectPermissionsLoadable);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (permissions.status === LoadStatus.PENDING) void dispatch(fetchPermissions());
  }, [dispatch, permissions.status]);

  return useCallback(
    (permission, options) => checkPermission({ permissions, isSignedIn }, permission, options),
    [permissions, isSignedIn],
  );
}
