import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { isCurrentSection, type NavigationItem } from "@library/src/titleBar/navigationItems";
import { NavigationBadge } from "@library/src/titleBar/NavigationBadge";
import { ChevronIcon } from "@library/src/ui/icons/ChevronIcon";

/** SPEC 9: the menu closes this long after neither the pointer nor the focus is on it. */
export const MEGA_MENU_CLOSE_DELAY_MS = 250;

export interface TitleBarMegaMenuProps {
  item: NavigationItem;
  currentUrl: string;
  /** Left/Right on the top button move to the neighbouring top-level entry. */
  onMoveToSibling: (direction: -1 | 1) => void;
}

/**
 * A top-level entry with children (SPEC 2 and 4 "Mega menu"): a button that opens a panel of columns on hover
 * or focus and closes 250 ms after the pointer and the focus left it. Enter, Space and Down open it and move
 * into it; Up and Down go through its links, Left and Right between columns, Home and End to the ends; Escape
 * closes it and returns to the button.
 */
export function TitleBarMegaMenu({ item, currentUrl, onMoveToSibling }: TitleBarMegaMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelID = useId();
  const children = item.children ?? [];
  const columns = children.filter((child) => child.children && child.children.length > 0);
  const plainLinks = children.filter((child) => !child.children || child.children.length === 0);

  const cancelClose = () => {
    if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const open = () => {
    cancelClose();
    setIsOpen(true);
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setIsOpen(false), MEGA_MENU_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  const links = () => [...(panelRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const openAndFocus = (index: number) => {
    open();
    // The panel is rendered hidden, so its links exist: focus waits only for it to show.
    window.requestAnimationFrame(() => {
      if (panelRef.current && !panelRef.current.hidden) focusLink(index);
    });
  };
  // Escape hands the focus back to the button: that focus must not open the menu again.
  const focusReturning = useRef(false);
  const closeToButton = () => {
    cancelClose();
    setIsOpen(false);
    focusReturning.current = true;
    buttonRef.current?.focus();
    focusReturning.current = false;
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case "Enter":
      case " ":
      case "ArrowDown":
        event.preventDefault();
        openAndFocus(0);
        break;
      case "ArrowUp":
        event.preventDefault();
        openAndFocus(-1);
        break;
      case "Escape":
        closeToButton();
        break;
      case "ArrowLeft":
      case "ArrowRight":
        event.preventDefault();
        setIsOpen(false);
        onMoveToSibling(event.key === "ArrowLeft" ? -1 : 1);
        break;
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = links();
    const index = all.findIndex((link) => link === document.activeElement);
    const columnStarts = [...(panelRef.current?.querySelectorAll<HTMLElement>("[data-column]") ?? [])]
      .map((column) => column.querySelector("a"))
      .flatMap((first) => (first ? [all.indexOf(first)] : []));
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusLink(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusLink(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusLink(0);
        break;
      case "End":
        event.preventDefault();
        focusLink(-1);
        break;
      case "ArrowRight":
      case "ArrowLeft": {
        event.preventDefault();
        const current = columnStarts.filter((start) => start <= index).length - 1;
        const next = current + (event.key === "ArrowRight" ? 1 : -1);
        const start = columnStarts[(next + columnStarts.length) % columnStarts.length];
        if (start !== undefined) focusLink(start);
        break;
      }
      case "Escape":
        event.preventDefault();
        closeToButton();
        break;
    }
  };

  const link = (child: NavigationItem, className: string) => (
    <a
      className={className}
      href={siteUrl(child.url)}
      aria-current={isCurrentSection(child.url, currentUrl) ? "page" : undefined}
    >
      {child.name}
      <NavigationBadge badge={child.badge} />
    </a>
  );

  return (
    <li
      className="titleBar-navItem titleBar-navItem--menu"
      onMouseEnter={open}
      onMouseLeave={scheduleClose}
      onFocus={() => {
        if (!focusReturning.current) open();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) scheduleClose();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="titleBar-navButton"
        aria-expanded={isOpen}
        aria-controls={panelID}
        data-nav-top=""
        onKeyDown={onButtonKeyDown}
        onClick={open}
      >
        {item.name}
        <NavigationBadge badge={item.badge} />
        <ChevronIcon direction="down" />
      </button>
      <div
        ref={panelRef}
        id={panelID}
        className="megaMenu"
        role="group"
        aria-label={item.name}
        hidden={!isOpen}
        onKeyDown={onPanelKeyDown}
      >
        <div className="megaMenu-inner">
          {(item.url || plainLinks.length > 0) && (
            <div className="megaMenu-column" data-column="">
              {item.url && link(item, "megaMenu-heading")}
              <ul className="megaMenu-list">
                {plainLinks.map((child) => (
                  <li key={child.id}>{link(child, "megaMenu-link")}</li>
                ))}
              </ul>
            </div>
          )}
          {columns.map((column) => (
            <div key={column.id} className="megaMenu-column" data-column="">
              {column.url ? (
                link(column, "megaMenu-heading")
              ) : (
                <span className="megaMenu-heading megaMenu-heading--text">{column.name}</span>
              )}
              <ul className="megaMenu-list">
                {(column.children ?? []).map((child) => (
                  <li key={child.id}>{link(child, "megaMenu-link")}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </li>
  );
}
