import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { checkPermission } from "@library/src/permissions/permissionChecker";
import { selectPermissionsLoadable } from "@library/src/permissions/permissionsSlice";
import { useAppSelector } from "@library/src/redux/hooks";

/** Whether the signed-in member may upload (uploads.add), from the permissions the page already has. */
export function useMayUpload(): boolean {
  const permissions = useAppSelector(selectPermissionsLoadable);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return isSignedIn && checkPermission({ permissions, isSignedIn }, "uploads.add", { mode: "global" });
}
