import type { Poll } from "../../api/pollsApi";
import { t } from "@library/src/i18n/translate";

/** Each option with its share of the votes as a bar; the member's own choices are marked. */
export function PollResults({ poll }: { poll: Poll }) {
  const total = poll.options.reduce((sum, option) => sum + (option.countVotes ?? 0), 0);
  return (
    <ul className="pollResults" aria-label={t("Poll results")}>
      {poll.options.map((option) => {
        const count = option.countVotes ?? 0;
        const percent = total === 0 ? 0 : Math.round((count / total) * 100);
        const mine = poll.myVote.includes(option.optionID);
        return (
          <li key={option.optionID} className={mine ? "pollResults-option is-mine" : "pollResults-option"}>
            <div className="pollResults-label">
              <span>
                {option.label}
                {mine && <span className="pollResults-mine"> · {t("Your vote")}</span>}
              </span>
              <span className="pollResults-count">
                {percent}% ({count})
              </span>
            </div>
            <div
              className="pollResults-bar"
              role="meter"
              aria-label={option.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
