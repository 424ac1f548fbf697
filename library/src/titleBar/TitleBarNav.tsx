import { useRef } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { isCurrentSection, type NavigationItem } from "@library/src/titleBar/navigationItems";
import { NavigationBadge } from "@library/src/titleBar/NavigationBadge";
import { TitleBarMegaMenu } from "@library/src/titleBar/TitleBarMegaMenu";

/**
 * The main navigation on wide screens (same entries as the server-rendered title bar): links, and a mega menu
 * for each entry with children.
 */
export function TitleBarNav({ items, currentUrl }: { items: NavigationItem[]; currentUrl: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  if (items.length === 0) return null;

  const moveFrom = (index: number, direction: -1 | 1) => {
    const tops = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-nav-top]") ?? [])];
    tops[(index + direction + tops.length) % tops.length]?.focus();
  };

  return (
    <nav className="titleBar-nav" aria-label={t("Main")}>
      <ul ref={listRef}>
        {items.map((item, index) =>
          item.children && item.children.length > 0 ? (
            <TitleBarMegaMenu
              key={item.id}
              item={item}
              currentUrl={currentUrl}
              onMoveToSibling={(direction) => moveFrom(index, direction)}
            />
          ) : (
            <li key={item.id} className="titleBar-navItem">
              <a
                href={siteUrl(item.url)}
                data-nav-top=""
                aria-current={isCurrentSection(item.url, currentUrl) ? "page" : undefined}
              >
                {item.name}
                <NavigationBadge badge={item.badge} />
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
