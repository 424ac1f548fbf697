import type { MouseEvent, ReactNode } from "react";
import { classNames } from "@library/src/ui/classNames";
import { useFlyout } from "@library/src/ui/Flyout/flyoutContext";

export interface DropDownItemButtonProps {
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  /** Keep the menu open after the click (default closes it). */
  keepOpen?: boolean;
  className?: string;
  children: ReactNode;
}

export function DropDownItemButton({
  onClick,
  disabled,
  keepOpen,
  className,
  children,
}: DropDownItemButtonProps) {
  const { close } = useFlyout();
  return (
    <button
      type="button"
      role="menuitem"
      className={classNames("dropDownItem", className)}
      disabled={disabled}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        onClick(event);
        if (!keepOpen) close();
      }}
    >
      {children}
    </button>
  );
}

export interface DropDownItemLinkProps {
  href: string;
  /** Open in a new tab (e.g. reports). */
  newTab?: boolean;
  /** Always load the page, never navigate in-app (a link out of the site section the app runs in). */
  fullLoad?: boolean;
  className?: string;
  children: ReactNode;
}

export function DropDownItemLink({ href, newTab, fullLoad, className, children }: DropDownItemLinkProps) {
  return (
    <a
      role="menuitem"
      href={href}
      className={classNames("dropDownItem", className)}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      {...(fullLoad ? { "data-link-handling": "off" } : {})}
    >
      {children}
    </a>
  );
}

export function DropDownSeparator() {
  return <hr role="separator" className="dropDownSeparator" />;
}

export function DropDownSectionTitle({ children }: { children: ReactNode }) {
  return (
    <div role="presentation" className="dropDownSectionTitle">
      {children}
    </div>
  );
}
