import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Category } from "@forum/api/categories";
import type { LongRunnerRequest, LongRunnerSummary } from "@library/src/api/longRunner";
import { LongRunnerProgressModal } from "@library/src/api/longRunnerUi/LongRunnerProgressModal";
import { useLongRunner } from "@library/src/api/longRunnerUi/useLongRunner";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { useToast } from "@library/src/ui/Toast/useToast";
import { bulkRequests } from "./bulkApi";
import { BulkConfirmModal, BulkMergeModal, BulkMoveModal } from "./BulkActionModals";
import { BulkSelectionActions } from "./BulkSelectionActions";
import {
  actionClosed,
  actionFailed,
  actionStarted,
  actionSucceeded,
  selectBulkSelection,
  type DiscussionChange,
} from "./bulkSelectionSlice";

export const SELECTION_TOAST_ID = "bulk-selection";

const hostOwners = new Map<string, symbol>();

/** True for the first mounted host of a kind only: a page with two discussion lists gets one toast and one set of modals. */
export function useIsFirstHost(kind = "discussions"): boolean {
  const [isHost, setIsHost] = useState(false);
  useEffect(() => {
    const me = Symbol("bulkActionsHost");
    if (hostOwners.has(kind)) return;
    hostOwners.set(kind, me);
    setIsHost(true);
    return () => {
      if (hostOwners.get(kind) === me) hostOwners.delete(kind);
    };
  }, [kind]);
  return isHost;
}

let toastSequence = 0;

/**
 * SPEC 4: the persistent selection toast shows while anything is selected, with the count and the actions.
 * Each showing gets an id of its own: a toast being removed is deleted 2 s later by id, which must not take
 * away the next selection's toast.
 */
export function useSelectionToast(count: number, message: string, body: ReactNode): void {
  const toast = useToast();
  const toastID = useRef<string | null>(null);
  useEffect(() => {
    if (count > 0 && toastID.current === null) {
      toastID.current = `${SELECTION_TOAST_ID}-${++toastSequence}`;
      toast.addToast({
        id: toastID.current,
        message,
        body,
        persistent: true,
        wide: true,
      });
    } else if (count > 0 && toastID.current !== null) {
      toast.updateToast(toastID.current, { message });
    } else if (count === 0 && toastID.current !== null) {
      toast.removeToast(toastID.current);
      toastID.current = null;
    }
  }, [count, message]);
  useEffect(
    () => () => {
      if (toastID.current !== null) toast.removeToast(toastID.current);
    },
    [],
  );
}

/** The selection toast, the bulk modals and the progress of a running action: one per page. */
export function BulkActionsHost() {
  return useIsFirstHost() ? <BulkActions /> : null;
}

function BulkActions() {
  const dispatch = useAppDispatch();
  const runner = useLongRunner();
  const { selected, openAction } = useAppSelector(selectBulkSelection);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const count = selected.length;
  useSelectionToast(
    count,
    plural(t("{count, plural, one {# discussion selected} other {# discussions selected}}"), count),
    <BulkSelectionActions />,
  );

  /**
   * SPEC 4: the selected ids become pending and unchecked; succeeded ones carry `change`, the others are
   * checked again. A merge's destination (`unchanged`) is done when the call was not refused.
   */
  const run = async (
    title: string,
    request: LongRunnerRequest,
    change: DiscussionChange,
    unchanged: number | null = null,
  ) => {
    const items = [...selected];
    setNames(new Map(items.map((item) => [item.discussionID, item.name])));
    dispatch(actionStarted(items.map((item) => item.discussionID)));
    const summary: LongRunnerSummary | null = await runner.start(title, request);
    const done = summary
      ? summary.plainResult !== undefined
        ? items.map((item) => item.discussionID)
        : summary.successIDs
      : [];
    if (done.length > 0) dispatch(actionSucceeded({ ids: done, change }));
    if (summary && unchanged !== null) dispatch(actionSucceeded({ ids: [unchanged], change: {} }));
    dispatch(
      actionFailed(
        items.filter(
          (item) => !done.includes(item.discussionID) && !(summary && item.discussionID === unchanged),
        ),
      ),
    );
  };
  const items = [...selected];
  const ids = items.map((item) => item.discussionID);
  const cancel = () => dispatch(actionClosed());

  return (
    <>
      {openAction === "move" ? (
        <BulkMoveModal
          selected={items}
          onCancel={cancel}
          onConfirm={(category: Category, addRedirects) =>
            void run(t("Moving discussions"), bulkRequests.move(ids, category.categoryID, addRedirects), {
              categoryID: category.categoryID,
              category: { categoryID: category.categoryID, name: category.name, url: category.url },
            })
          }
        />
      ) : null}
      {openAction === "merge" ? (
        <BulkMergeModal
          selected={items}
          onCancel={cancel}
          onConfirm={(destinationID, addRedirects) =>
            void run(
              t("Merging discussions"),
              bulkRequests.merge(ids, destinationID, addRedirects),
              { removed: true },
              destinationID,
            )
          }
        />
      ) : null}
      {openAction === "close" ? (
        <BulkConfirmModal
          kind="close"
          selected={items}
          onCancel={cancel}
          onConfirm={() => void run(t("Closing discussions"), bulkRequests.close(ids), { closed: true })}
        />
      ) : null}
      {openAction === "delete" ? (
        <BulkConfirmModal
          kind="delete"
          selected={items}
          onCancel={cancel}
          onConfirm={() => void run(t("Deleting discussions"), bulkRequests.delete(ids), { removed: true })}
        />
      ) : null}
      <LongRunnerProgressModal runner={runner} labelOf={(id) => names.get(id)} />
    </>
  );
}
