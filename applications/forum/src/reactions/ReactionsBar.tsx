import { useEffect, useState } from "react";
import type { ReactionsBarProps, ReactionSummaryItem } from "@forum/api/reactions";
import { isApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { Tooltip } from "@library/src/ui/Tooltip/Tooltip";
import { ReactionLogModal } from "./ReactionLogModal";
import {
  reactionsReceived,
  selectReactionToggle,
  selectRecordReactions,
  toggleRecordReaction,
} from "./reactionsSlice";
import { ReactionUsers } from "./ReactionUsers";
import "./reactions.css";

export type { ReactionsBarProps };

/**
 * The reactions under a post (SPEC 2, 4, 5): a button per type the viewer may use (never a Flag type), counts of
 * the others, a tooltip of who reacted (reactions.view) and the Log button for moderators.
 */
export function ReactionsBar(props: ReactionsBarProps) {
  const { recordType, recordID, permittedTypes, canViewLog, isModerator } = props;
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [logOpen, setLogOpen] = useState(false);
  const [pendingType, setPendingType] = useState<string | null>(null);
  const stored = useAppSelector((state) => selectRecordReactions(state, recordType, recordID));
  const toggle = useAppSelector((state) => selectReactionToggle(state, recordType, recordID));
  const inFlight = toggle.status === LoadStatus.LOADING;
  const reactions = stored?.reactions ?? props.reactions;

  useEffect(() => {
    dispatch(reactionsReceived({ recordType, recordID, reactions: props.reactions, score: props.score }));
  }, [dispatch, recordType, recordID, props.reactions, props.score]);

  const react = async (urlcode: string) => {
    setPendingType(urlcode);
    try {
      await dispatch(toggleRecordReaction({ recordType, recordID, urlcode })).unwrap();
    } catch (error: unknown) {
      toast.addErrorToast(isApiError(error) ? error.message : undefined);
    } finally {
      setPendingType(null);
    }
  };

  const permitted = new Set(permittedTypes);
  const visible = reactions.filter(
    (item) => item.class !== "Flag" && (permitted.has(item.urlcode) || item.count > 0),
  );
  const label = (item: ReactionSummaryItem) =>
    canViewLog && item.count > 0 ? (
      <ReactionUsers
        recordType={recordType}
        recordID={recordID}
        urlcode={item.urlcode}
        name={item.name}
        count={item.count}
      />
    ) : (
      t(item.name)
    );

  return (
    <div className="reactionsBar" role="group" aria-label={t("Reactions")}>
      {visible.map((item) =>
        permitted.has(item.urlcode) ? (
          <Tooltip key={item.tagID} label={label(item)}>
            <Button
              variant="text"
              compact
              className="reactionsBar-button"
              aria-pressed={item.hasReacted}
              disabled={inFlight}
              pending={pendingType === item.urlcode && inFlight}
              data-reaction={item.urlcode}
              onClick={() => void react(item.urlcode)}
            >
              <span className="reactionsBar-name">{t(item.name)}</span>
              {item.count > 0 ? (
                <>
                  {" "}
                  <span className="reactionsBar-count">{item.count}</span>
                </>
              ) : null}
            </Button>
          </Tooltip>
        ) : (
          <Tooltip key={item.tagID} label={label(item)}>
            <span className="reactionsBar-static" tabIndex={0} data-reaction={item.urlcode}>
              <span className="reactionsBar-name">{t(item.name)}</span>{" "}
              <span className="reactionsBar-count">{item.count}</span>
            </span>
          </Tooltip>
        ),
      )}
      {isModerator && (
        <>
          <Button variant="text" compact className="reactionsBar-log" onClick={() => setLogOpen(true)}>
            {t("Log")}
          </Button>
          <ReactionLogModal
            recordType={recordType}
            recordID={recordID}
            isVisible={logOpen}
            onClose={() => setLogOpen(false)}
          />
        </>
      )}
    </div>
  );
}
