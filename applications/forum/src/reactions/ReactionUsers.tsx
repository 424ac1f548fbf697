import { useEffect } from "react";
import type { ReactionRecordType } from "@forum/api/reactions";
import { t } from "@library/src/i18n/translate";
import { dataOf } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fetchReactionLog, selectReactionLog } from "./reactionsSlice";

/** SPEC 2: the tooltip lists up to 5 users. */
export const TOOLTIP_MAX_USERS = 5;

export interface ReactionUsersProps {
  recordType: ReactionRecordType;
  recordID: number;
  urlcode: string;
  name: string;
  count: number;
}

/** Tooltip body: the reaction's name, then up to 5 users who gave it and a stacked '+N' for the rest. */
export function ReactionUsers({ recordType, recordID, urlcode, name, count }: ReactionUsersProps) {
  const dispatch = useAppDispatch();
  const log = useAppSelector((state) => selectReactionLog(state, recordType, recordID));
  useEffect(() => {
    void dispatch(fetchReactionLog({ recordType, recordID }));
  }, [dispatch, recordType, recordID]);
  const users = (dataOf(log) ?? []).filter((entry) => entry.reactionType.urlcode === urlcode);
  const shown = users.slice(0, TOOLTIP_MAX_USERS);
  const rest = Math.max(0, Math.max(count, users.length) - shown.length);
  return (
    <span className="reactionUsers">
      <span className="reactionUsers-title">{t(name)}</span>
      {shown.length > 0 && (
        <span className="reactionUsers-list">
          {shown.map((entry) => (
            <span key={entry.userID} className="reactionUsers-name">
              {entry.user.name}
            </span>
          ))}
          {rest > 0 && <span className="reactionUsers-more">{`+${rest}`}</span>}
        </span>
      )}
    </span>
  );
}
