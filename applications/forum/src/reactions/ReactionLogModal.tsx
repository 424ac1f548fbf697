import { useEffect } from "react";
import type { ReactionRecordType } from "@forum/api/reactions";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { LoadStatus, dataOf } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { fetchReactionLog, selectReactionLog } from "./reactionsSlice";

export interface ReactionLogModalProps {
  recordType: ReactionRecordType;
  recordID: number;
  isVisible: boolean;
  onClose: () => void;
}

/** The moderators' reaction log of a record: who reacted how, newest first; 'No Reactions Yet' when empty. */
export function ReactionLogModal({ recordType, recordID, isVisible, onClose }: ReactionLogModalProps) {
  const dispatch = useAppDispatch();
  const log = useAppSelector((state) => selectReactionLog(state, recordType, recordID));
  useEffect(() => {
    if (isVisible) void dispatch(fetchReactionLog({ recordType, recordID }));
  }, [dispatch, isVisible, recordType, recordID]);
  const entries = dataOf(log);
  return (
    <Modal isVisible={isVisible} onClose={onClose} title={t("Reaction Log")} size="medium">
      {entries === undefined ? (
        log.status === LoadStatus.ERROR ? (
          <p className="reactionLog-empty">{log.error.message}</p>
        ) : (
          <Loader />
        )
      ) : entries.length === 0 ? (
        <p className="reactionLog-empty">{t("No Reactions Yet")}</p>
      ) : (
        <ul className="reactionLog">
          {entries.map((entry) => (
            <li key={`${entry.userID}-${entry.tagID}`} className="reactionLog-item">
              <AuthorName user={entry.user} />
              <span className="reactionLog-type">{t(entry.reactionType.name)}</span>
              <DateTime timestamp={entry.dateInserted} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
