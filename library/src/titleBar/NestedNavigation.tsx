import { useRef, useState } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { isCurrentSection, type NavigationItem } from "@library/src/titleBar/navigationItems";
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
          <a className="nestedNav-parent" href={siteUrl(parent.url)}>
            {parent.name}
          </a>
        </div>
      )}
      <ul className="nestedNav-list" ref={listRef}>
        {level.map((item) => (
          <li key={item.id} className="nestedNav-item">
            <a
              className="nestedNav-link"
              href={siteUrl(item.url)}
              aria-current={isCurrentSection(item.url, currentUrl) ? "page" : undefined}
            >
              {item.name}
            </a>
            {item.children && item.children.length > 0 && (
              <button
                type="button"
                className="nestedNav-open"
                aria-label={formatText(t("Open {name}"), { name: item.name })}
                onClick={() => {
                  setTrail([...trail, item]);
                  focusLevel();
                }}
              >
                <ChevronIcon direction="right" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
