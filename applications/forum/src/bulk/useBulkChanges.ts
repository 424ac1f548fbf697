import { useMemo } from "react";
import type { Discussion } from "@forum/api/discussions";
import { useAppSelector } from "@library/src/redux/hooks";
import { selectBulkSelection } from "./bulkSelectionSlice";

/**
 * A list as bulk actions left it (SPEC 4): deleted and merged discussions gone, moved ones with their new
 * category, closed ones closed.
 */
export function useBulkChanges(discussions: readonly Discussion[]): Discussion[] {
  const { changes } = useAppSelector(selectBulkSelection);
  return useMemo(
    () =>
      discussions.flatMap((discussion) => {
        const change = changes[discussion.discussionID];
        if (!change) return [discussion];
        if (change.removed) return [];
        return [
          {
            ...discussion,
            ...(change.closed ? { closed: true } : {}),
            ...(change.categoryID !== undefined ? { categoryID: change.categoryID } : {}),
            ...(change.category ? { category: change.category } : {}),
          },
        ];
      }),
    [discussions, changes],
  );
}
