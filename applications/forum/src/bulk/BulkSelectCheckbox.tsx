import type { Discussion } from "@forum/api/discussions";
import { formatText, t } from "@library/src/i18n/translate";
import { useLoadedPermissions } from "./useLoadedPermissions";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { canManageDiscussion } from "./bulkRules";
import { discussionToggled, selectBulkSelection } from "./bulkSelectionSlice";
import "./bulk.css";

/**
 * The checkbox that puts a discussion in the bulk selection: only for members with discussions.manage in its
 * category (SPEC 6). Disabled while an action works on it.
 */
export function BulkSelectCheckbox({ discussion }: { discussion: Discussion }) {
  const hasPermission = useLoadedPermissions();
  const dispatch = useAppDispatch();
  const { selected, pending } = useAppSelector(selectBulkSelection);
  if (!canManageDiscussion(hasPermission, discussion.categoryID)) return null;
  const checked = selected.some((item) => item.discussionID === discussion.discussionID);
  return (
    <input
      type="checkbox"
      className="bulkSelectCheckbox"
      checked={checked}
      disabled={pending.includes(discussion.discussionID)}
      aria-label={formatText(t("Select {name}"), { name: discussion.name })}
      onChange={() =>
        dispatch(
          discussionToggled({
            discussionID: discussion.discussionID,
            name: discussion.name,
            categoryID: discussion.categoryID,
            categoryName: discussion.category?.name ?? null,
            closed: discussion.closed,
          }),
        )
      }
    />
  );
}
