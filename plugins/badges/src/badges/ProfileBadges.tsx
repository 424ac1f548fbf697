import "../../api/badgesWidgets";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./badges.css";

/** The badges a member holds, on their Profile tab (the server page writes the same markup without script). */
export function ProfileBadges({ badges }: RenderedWidgetProps<"ProfileBadges">) {
  return (
    <section className="profileSection profileBadges" aria-labelledby="profileBadges-title">
      <h2 className="profileSection-title" id="profileBadges-title">
        {t("Badges")}
      </h2>
      <ul className="profileBadges-list">
        {badges.map((badge) => (
          <li className="profileBadges-item" key={badge.url}>
            <a className="profileBadges-link" href={badge.url} title={badge.description}>
              <span aria-hidden="true">{badge.icon}</span> {badge.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
