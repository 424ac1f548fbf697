import { t } from "@library/src/i18n/translate";
import type { PermissionChecker } from "@library/src/permissions/usePermissionsChecker";
import type { BulkActionKind, SelectedDiscussion } from "./bulkSelectionSlice";

/** SPEC 6: bulk move, merge, close and delete need discussions.manage in the discussion's category. */
export function canManageDiscussion(hasPermission: PermissionChecker, categoryID: number): boolean {
  return hasPermission("discussions.manage", { resourceType: "category", resourceID: categoryID });
}

/** The permission each action needs on every selected discussion, and SPEC 5's text when one is missing. */
const ACTION_PERMISSIONS: Record<BulkActionKind, { permission: string; refusal: string }> = {
  move: {
    permission: "discussions.edit",
    refusal: "You don’t have the edit permission on the following discussions:",
  },
  merge: {
    permission: "discussions.edit",
    refusal: "You don’t have the edit permission on the following discussions:",
  },
  close: {
    permission: "discussions.close",
    refusal: "You don’t have the close permission on the following discussions:",
  },
  delete: {
    permission: "discussions.delete",
    refusal: "You don’t have the delete permission on the following discussions:",
  },
};

export interface DisabledReason {
  message: string;
  /** The discussions it is about (names listed after the message). */
  names: string[];
}

/** Why an action is disabled for this selection (SPEC 5), or null when it may run. */
export function disabledReason(
  kind: BulkActionKind,
  selected: readonly SelectedDiscussion[],
  hasPermission: PermissionChecker,
): DisabledReason | null {
  const { permission, refusal } = ACTION_PERMISSIONS[kind];
  const refused = selected.filter(
    (item) => !hasPermission(permission, { resourceType: "category", resourceID: item.categoryID }),
  );
  if (refused.length > 0) return { message: t(refusal), names: refused.map((item) => item.name) };
  if (kind === "merge" && selected.length < 2)
    return { message: t("You must select at least 2 discussions to merge."), names: [] };
  if (kind === "close" && selected.every((item) => item.closed))
    return { message: t("Selected discussions are already closed."), names: [] };
  return null;
}
