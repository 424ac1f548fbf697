import type { ReactNode } from "react";
import { Flyout, type FlyoutProps } from "@library/src/ui/Flyout/Flyout";
import "./DropDownMenu.css";

export type DropDownMenuProps = Omit<FlyoutProps, "contentsRole">;

/** A menu on a Flyout: children are DropDownItemButton, DropDownItemLink and DropDownSeparator. */
export function DropDownMenu({
  children,
  contentsClassName,
  ...props
}: DropDownMenuProps & { children: ReactNode }) {
  return (
    <Flyout
      {...props}
      contentsRole="menu"
      contentsClassName={["dropDownMenu", contentsClassName].filter(Boolean).join(" ")}
    >
      {children}
    </Flyout>
  );
}
