import { lazy, Suspense, useEffect, useState } from "react";
import type { ReactionsBarProps, ReactionSummaryItem } from "@forum/api/reactions";
import { isApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { Flyout } from "@library/src/ui/Flyout/Flyout";
import { Tooltip } from "@library/src/ui/Tooltip/Tooltip";
import { ReactionIcon } from "./ReactionIcon";
import { reactionLabel, ReactionChipContents, StaticReactionChip } from "./reactionChips";
import { ReactionPickerItem } from "./ReactionPickerItem";
import {
  reactionsReceived,
  selectReactionToggle,
  selectRecordReactions,
  toggleRecordReaction,
} from "./reactionsSlice";
import { useReactionCatalogue } from "./useReactionCatalogue";
import { Loader } from "@library/src/ui/Loader/Loader";
import "./reactions.css";

// The moderators' log is fetched when first opened.
const ReactionLogModal = lazy(() =>
  import("./ReactionLogModal").then((module) => ({ default: module.ReactionLogModal })),
);

/**
 * The reactions under a post for a reader who may react or moderate (SPEC 2, 4, 5), compact: a chip for each
 * reaction the post has (icon and count; a toggle when the viewer may use that type), one 'React' button opening
 * a picker of the permitted types (never a Flag type; Promote only with curation.manage), a tooltip of who
 * reacted (reactions.view) and the moderators' Log. A post costs one tab stop plus one per reaction it has,
 * however many types exist. ReactionsBar loads it for those readers.
 */
export function MemberReactionsBar(props: ReactionsBarProps) {
  const { recordType, recordID, permittedTypes, canViewLog, isModerator } = props;
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [logOpen, setLogOpen] = useState(false);
  const [pendingType, setPendingType] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
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
  const shown = reactions.filter((item) => item.class !== "Flag");
  const present = shown.filter((item) => item.count > 0);
  // A post carries only the reactions it has: the picker's other types come from the catalogue, fetched when a
  // picker first opens without them.
  const missing = permittedTypes.some((urlcode) => !reactions.some((item) => item.urlcode === urlcode));
  const catalogue = useReactionCatalogue(pickerOpen && missing);
  const known = catalogue
    ? catalogue.map((type) => reactions.find((item) => item.urlcode === type.urlcode) ?? type)
    : reactions;
  const pickable = known.filter((item) => item.class !== "Flag" && permitted.has(item.urlcode));
  const label = (item: ReactionSummaryItem) => reactionLabel(item, recordType, recordID, canViewLog);
  return (
    <div className="reactionsBar" role="group" aria-label={t("Reactions")}>
      {present.map((item) =>
        permitted.has(item.urlcode) ? (
          <Tooltip key={item.tagID} label={label(item)}>
            <Button
              variant="text"
              compact
              className="reactionsBar-chip"
              aria-pressed={item.hasReacted}
              disabled={inFlight}
              pending={pendingType === item.urlcode && inFlight}
              data-reaction={item.urlcode}
              onClick={() => void react(item.urlcode)}
            >
              <ReactionChipContents item={item} />
            </Button>
          </Tooltip>
        ) : (
          <StaticReactionChip key={item.tagID} item={item} label={label(item)} />
        ),
      )}
      {permittedTypes.length > 0 && (
        <Flyout
          onVisibilityChange={setPickerOpen}
          label={t("React")}
          buttonContent={
            <>
              <ReactionIcon urlcode="react" />
              <span className="reactionsBar-reactLabel">{t("React")}</span>
            </>
          }
          buttonVariant="text"
          buttonClassName="reactionsBar-react"
          contentsRole="menu"
          contentsClassName="reactionPicker"
          align="left"
        >
          {missing && !catalogue ? (
            <Loader size="small" />
          ) : (
            pickable.map((item) => (
              <ReactionPickerItem
                key={item.tagID}
                item={item}
                disabled={inFlight}
                onPick={() => void react(item.urlcode)}
              />
            ))
          )}
        </Flyout>
      )}
      {isModerator && (
        <>
          <Button variant="text" compact className="reactionsBar-log" onClick={() => setLogOpen(true)}>
            {t("Log")}
          </Button>
          {logOpen && (
            <Suspense fallback={null}>
              <ReactionLogModal
                recordType={recordType}
                recordID={recordID}
                isVisible
                onClose={() => setLogOpen(false)}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
