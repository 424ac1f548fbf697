import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { isCompactDevice, useDevice } from "@library/src/device/device";
import { Button, type ButtonVariant } from "@library/src/ui/Button/Button";
import { classNames } from "@library/src/ui/classNames";
import { FlyoutContext } from "@library/src/ui/Flyout/flyoutContext";
import { getFocusable } from "@library/src/ui/focusable";
import "./Flyout.css";

// On a compact screen a flyout opens as a modal sheet: its code is fetched when one first opens there, so the
// pages that show flyouts (every post's Share and React) carry no dialog code in their first view.
const Modal = lazy(() => import("@library/src/ui/Modal/Modal").then((module) => ({ default: module.Modal })));

/** Only one flyout is open on the page: opening one closes the other. */
let closeOpenFlyout: (() => void) | null = null;

export interface FlyoutProps {
  /** Accessible name of the button and of the contents (and the modal title on small screens). */
  label: string;
  /** What the button shows (an icon, text); defaults to the label. */
  buttonContent?: ReactNode;
  buttonVariant?: ButtonVariant;
  buttonClassName?: string;
  /** "menu" for DropDownMenu; otherwise a plain group. */
  contentsRole?: "menu" | "dialog" | "group";
  contentsClassName?: string;
  /** Open to the left or right edge of the button (default right-aligned). */
  align?: "left" | "right";
  /** On xs/mobile render as a modal (default true). */
  modalOnCompact?: boolean;
  onVisibilityChange?: (open: boolean) => void;
  children: ReactNode;
}

function moveFocus(container: HTMLElement, key: string): boolean {
  const menuItems = Array.from(
    container.querySelectorAll<HTMLElement>(
      ':is([role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]):not([aria-disabled="true"], :disabled)',
    ),
  );
  const items = menuItems.length > 0 ? menuItems : getFocusable(container);
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (key === "ArrowDown") next = index < 0 ? 0 : (index + 1) % items.length;
  else if (key === "ArrowUp") next = index <= 0 ? items.length - 1 : index - 1;
  else if (key === "Home") next = 0;
  else if (key === "End") next = items.length - 1;
  else return false;
  items[next]?.focus();
  return true;
}

/**
 * A button that toggles a panel (SPEC 4): opens on click, closes on Escape or any outside interaction, focus goes
 * back to the button, arrow keys move between items, and on xs/mobile the panel is a modal.
 */
export function Flyout({
  label,
  buttonContent,
  buttonVariant = "icon",
  buttonClassName,
  contentsRole = "group",
  contentsClassName,
  align = "right",
  modalOnCompact = true,
  onVisibilityChange,
  children,
}: FlyoutProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const contentsID = `${id}-contents`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const contentsRef = useRef<HTMLDivElement | null>(null);
  // Whether the panel is in the page: the modal form comes a moment after the click (its code is fetched), and
  // the button says "expanded" only once there is a panel to point to.
  const [contentsShown, setContentsShown] = useState(false);
  const attachContents = useCallback((element: HTMLDivElement | null) => {
    contentsRef.current = element;
    setContentsShown(element !== null);
  }, []);
  const device = useDevice();
  const asModal = modalOnCompact && isCompactDevice(device);
  // Mounted from its first opening on, so it can animate closed and open again at once.
  const [modalMounted, setModalMounted] = useState(false);
  if (asModal && open && !modalMounted) setModalMounted(true);
  const onVisibilityChangeRef = useRef(onVisibilityChange);
  onVisibilityChangeRef.current = onVisibilityChange;

  const setVisible = useCallback((value: boolean) => {
    setOpen(value);
    onVisibilityChangeRef.current?.(value);
  }, []);

  const closeSilently = useCallback(() => setVisible(false), [setVisible]);
  const close = useCallback(() => {
    setVisible(false);
    buttonRef.current?.focus();
  }, [setVisible]);

  // Register as the open flyout; close any other.
  useEffect(() => {
    if (!open) return;
    if (closeOpenFlyout && closeOpenFlyout !== closeSilently) closeOpenFlyout();
    closeOpenFlyout = closeSilently;
    return () => {
      if (closeOpenFlyout === closeSilently) closeOpenFlyout = null;
    };
  }, [open, closeSilently]);

  // Outside pointer or focus closes (the modal form handles its own backdrop).
  useEffect(() => {
    if (!open || asModal) return;
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && wrapperRef.current?.contains(target)) return;
      closeSilently();
    };
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("touchstart", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("touchstart", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, asModal, closeSilently]);

  // Move focus to the first item when opened inline.
  useEffect(() => {
    if (open && !asModal && contentsRef.current) moveFocus(contentsRef.current, "Home");
  }, [open, asModal]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) {
      if (event.key === "ArrowDown" && event.target === buttonRef.current) {
        event.preventDefault();
        setVisible(true);
      }
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (contentsRef.current && moveFocus(contentsRef.current, event.key)) event.preventDefault();
  };

  const contents = (
    <div
      ref={attachContents}
      id={contentsID}
      role={contentsRole}
      aria-label={label}
      className={classNames(
        "flyout-contents",
        !asModal && `flyout-contents--${align}`,
        asModal && "flyout-contents--modal",
        contentsClassName,
      )}
      onKeyDown={asModal ? onKeyDown : undefined}
    >
      {children}
    </div>
  );

  return (
    <FlyoutContext.Provider value={{ close }}>
      <div ref={wrapperRef} className="flyout" onKeyDown={asModal ? undefined : onKeyDown}>
        <Button
          ref={buttonRef}
          variant={buttonVariant}
          className={classNames("flyout-button", open && "flyout-button--open", buttonClassName)}
          aria-label={buttonContent === undefined ? undefined : label}
          aria-expanded={open && contentsShown}
          aria-controls={open && contentsShown ? contentsID : undefined}
          aria-haspopup={contentsRole === "menu" ? "menu" : contentsRole === "dialog" ? "dialog" : undefined}
          onClick={() => (open ? close() : setVisible(true))}
        >
          {buttonContent ?? label}
        </Button>
        {open && !asModal && contents}
      </div>
      {asModal && modalMounted && (
        <Suspense fallback={null}>
          <Modal isVisible={open} onClose={closeSilently} title={label} size="dropDown">
            {contents}
          </Modal>
        </Suspense>
      )}
    </FlyoutContext.Provider>
  );
}
