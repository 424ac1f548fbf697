import { useRef, useState } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { isCurrentSection, type NavigationItem } from "@library/src/titleBar/navigationItems";
import { NavigationBadge } from "@library/src/titleBar/NavigationBadge";
import { ChevronIcon } from "@library/src/ui/icons/ChevronIcon";

export interface NestedNavigationProps {
  items: NavigationItem[];
  currentUrl: string;
}

/**
 * Navigation shown one level at a time: items with children open their level, and a Back button returns to
 * the parent level (focus goes to the first entry of the level shown).
 */
export function NestedNavigation({ items, currentUrl }: NestedNavigationProps) {
  const [trail, setTrail] = useState<NavigationItem[]>([]);
  const listRef = useRef<HTMLUListElement>(null);
  const parent = trail[trail.length - 1];
  const level = parent?.children ?? items;

  const focusLevel = () => {
    window.requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>("a, button")?.focus());
  };

  return (
    <nav className="nestedNav" aria-label={t("Site Navigation")}>
      {parent && (
        <div className="nestedNav-header">
          <button
            type="button"
            className="nestedNav-back"
            onClick={() => {
              setTrail(trail.slice(0, -1));
              focusLevel();
            }}
          >
            <ChevronIcon direction="left" />
            {t("Back")}
          </button>
          {parent.url ? (
            <a className="nestedNav-parent" href={siteUrl(parent.url)}>
              {parent.name}
            </a>
          ) : (
            <span className="nestedNav-parent">{parent.name}</span>
          )}
        </div>
      )}
      <ul className="nestedNav-list" ref={listRef}>
        {level.map((item) => {
          const hasChildren = item.children !== undefined && item.children.length > 0;
          const openLevel = () => {
            setTrail([...trail, item]);
            focusLevel();
          };
          return (
            <li key={item.id} className="nestedNav-item">
              {item.url ? (
                <a
                  className="nestedNav-link"
                  href={siteUrl(item.url)}
                  aria-current={isCurrentSection(item.url, currentUrl) ? "page" : undefined}
                >
                  {item.name}
                  <NavigationBadge badge={item.badge} />
                </a>
              ) : (
                // An entry that is only a group: its name opens its level.
                <button type="button" className="nestedNav-link nestedNav-group" onClick={openLevel}>
                  {item.name}
                  <NavigationBadge badge={item.badge} />
                </button>
              )}
              {hasChildren && item.url && (
                <button
                  type="button"
                  className="nestedNav-open"
                  aria-label={formatText(t("Open {name}"), { name: item.name })}
                  onClick={openLevel}
                >
                  <ChevronIcon direction="right" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
