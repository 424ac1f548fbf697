import { lazy, Suspense, type ComponentType } from "react";
import type { ReactionsBarProps } from "@forum/api/reactions";
import { t } from "@library/src/i18n/translate";
import { reactionLabel, StaticReactionChip } from "./reactionChips";
import "./reactions.css";

export type { ReactionsBarProps };

/**
 * Reacting (the toggles, the picker, the reactions' state in the store) and the moderators' log are a chunk of
 * their own: a reader who may do neither (a guest) never loads it. A member's page preloads it with this widget
 * (registerReactionWidgets); until then the reading bar stands in.
 */
let memberBar: ComponentType<ReactionsBarProps> | null = null;
const LazyMemberBar = lazy(() => preloadMemberReactionsBar().then((component) => ({ default: component })));

export function preloadMemberReactionsBar(): Promise<ComponentType<ReactionsBarProps>> {
  return import("./MemberReactionsBar").then((module) => {
    memberBar = module.MemberReactionsBar;
    return module.MemberReactionsBar;
  });
}

/**
 * The reactions under a post (SPEC 2, 4, 5): for a reader who may react or moderate, the member bar; for others the
 * chips of the reactions the post has, with their counts and tooltips.
 */
export function ReactionsBar(props: ReactionsBarProps) {
  const reading = <ReadingReactionsBar {...props} />;
  if (props.permittedTypes.length === 0 && !props.isModerator) return reading;
  const MemberBar = memberBar ?? LazyMemberBar;
  return (
    <Suspense fallback={reading}>
      <MemberBar {...props} />
    </Suspense>
  );
}

function ReadingReactionsBar({ recordType, recordID, reactions, canViewLog }: ReactionsBarProps) {
  const present = reactions.filter((item) => item.class !== "Flag" && item.count > 0);
  return (
    <div className="reactionsBar" role="group" aria-label={t("Reactions")}>
      {present.map((item) => (
        <StaticReactionChip
          key={item.tagID}
          item={item}
          label={reactionLabel(item, recordType, recordID, canViewLog)}
        />
      ))}
    </div>
  );
}
