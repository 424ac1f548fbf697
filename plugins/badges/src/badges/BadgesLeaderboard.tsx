import "../../api/badgesWidgets";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./badges.css";

/** The members with the most points, on the home page (the server page writes the same markup without script). */
export function BadgesLeaderboard({ entries }: RenderedWidgetProps<"BadgesLeaderboard">) {
  return (
    <section className="homeWidget badgesLeaderboard" aria-labelledby="badgesLeaderboard-title">
      <h2 className="homeWidget-title" id="badgesLeaderboard-title">
        {t("Leaderboard")}
      </h2>
      <ol className="badgesLeaderboard-list">
        {entries.map((entry) => (
          <li className="badgesLeaderboard-item" key={entry.userID}>
            <img className="userPhoto userPhoto-small" src={entry.photoUrl} alt="" width={32} height={32} />
            <a className="badgesLeaderboard-name" href={entry.url}>
              {entry.name}
            </a>
            <span className="badgesLeaderboard-points">
              {entry.points === 1
                ? t("1 point")
                : t("{points} points").replace("{points}", String(entry.points))}
            </span>
          </li>
        ))}
      </ol>
      <p className="homeWidget-more">
        <a href="/badges">{t("All Badges")}</a>
      </p>
    </section>
  );
}
