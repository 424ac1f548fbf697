import { t } from "@library/src/i18n/translate";
import { useLoadedPermissions } from "./useLoadedPermissions";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { disabledReason } from "./bulkRules";
import {
  actionOpened,
  selectBulkSelection,
  selectionCleared,
  type BulkActionKind,
} from "./bulkSelectionSlice";

const ACTIONS: { kind: BulkActionKind; label: string }[] = [
  { kind: "move", label: "Move" },
  { kind: "merge", label: "Merge" },
  { kind: "close", label: "Close" },
  { kind: "delete", label: "Delete" },
];

/**
 * The selection toast's body: an action button each (disabled with SPEC 5's reason under it when it cannot
 * run on this selection) and Clear.
 */
export function BulkSelectionActions() {
  const dispatch = useAppDispatch();
  const hasPermission = useLoadedPermissions();
  const { selected } = useAppSelector(selectBulkSelection);
  const reasons = ACTIONS.map((action) => ({
    ...action,
    reason: disabledReason(action.kind, selected, hasPermission),
  }));
  const shown = new Set<string>();
  return (
    <div className="bulkSelectionActions">
      <div className="bulkSelectionActions-buttons">
        {reasons.map(({ kind, label, reason }) => (
          <Button
            key={kind}
            compact
            disabled={reason !== null}
            title={reason ? reason.message : undefined}
            onClick={() => dispatch(actionOpened(kind))}
          >
            {t(label)}
          </Button>
        ))}
        <Button compact variant="text" onClick={() => dispatch(selectionCleared())}>
          {t("Clear")}
        </Button>
      </div>
      {reasons.map(({ kind, reason }) => {
        if (!reason) return null;
        const key = `${reason.message}${reason.names.join()}`;
        if (shown.has(key)) return null;
        shown.add(key);
        return (
          <p key={kind} className="bulkSelectionActions-reason">
            {reason.message}
            {reason.names.length > 0 ? ` ${reason.names.join(", ")}` : null}
          </p>
        );
      })}
    </div>
  );
}
