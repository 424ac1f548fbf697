import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { getMainNavigation, isCurrentSection } from "@library/src/titleBar/navigationItems";

/** The main navigation on wide screens (same markup as the server-rendered title bar). */
export function TitleBarNav({ currentUrl }: { currentUrl: string }) {
  return (
    <nav className="titleBar-nav" aria-label={t("Main")}>
      <ul>
        {getMainNavigation().map((item) => (
          <li key={item.id}>
            <a
              href={siteUrl(item.url)}
              aria-current={isCurrentSection(item.url, currentUrl) ? "page" : undefined}
            >
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
