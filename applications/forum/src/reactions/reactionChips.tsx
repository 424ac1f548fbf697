import { lazy, Suspense, type ReactNode } from "react";
import type { ReactionSummaryItem } from "@forum/api/reactions";
import { t } from "@library/src/i18n/translate";
import { Tooltip } from "@library/src/ui/Tooltip/Tooltip";
import { ReactionIcon } from "./ReactionIcon";

// Who reacted (a tooltip's list) is fetched when first shown.
const ReactionUsers = lazy(() =>
  import("./ReactionUsers").then((module) => ({ default: module.ReactionUsers })),
);

/** A chip's tooltip: who reacted for readers with reactions.view, else the reaction's name. */
export function reactionLabel(
  item: ReactionSummaryItem,
  recordType: "discussion" | "comment",
  recordID: number,
  canViewLog: boolean,
): ReactNode {
  if (!canViewLog || item.count <= 0) return t(item.name);
  return (
    <Suspense fallback={t(item.name)}>
      <ReactionUsers
        recordType={recordType}
        recordID={recordID}
        urlcode={item.urlcode}
        name={item.name}
        count={item.count}
      />
    </Suspense>
  );
}

/** A reaction's icon, its name for screen readers and its count. */
export function ReactionChipContents({ item }: { item: ReactionSummaryItem }) {
  return (
    <>
      <ReactionIcon urlcode={item.urlcode} />
      <span className="sr-only">{t(item.name)} </span>
      <span className="reactionsBar-count">{item.count}</span>
    </>
  );
}

/** A reaction the reader may not use: its count, focusable for its tooltip. */
export function StaticReactionChip({ item, label }: { item: ReactionSummaryItem; label: ReactNode }) {
  return (
    <Tooltip label={label}>
      <span className="reactionsBar-chip reactionsBar-static" tabIndex={0} data-reaction={item.urlcode}>
        <ReactionChipContents item={item} />
      </span>
    </Tooltip>
  );
}
