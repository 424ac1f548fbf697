import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { getFocusable } from "@library/src/ui/focusable";
import { CloseIcon } from "@library/src/ui/icons/CloseIcon";
import { isTopModal, popModal, pushModal } from "@library/src/ui/Modal/modalStack";
import "./Modal.css";

/** SPEC 9 modal sizes: xl 1022, xxl 1320, large 720, medium 516, small 375; side panels max 400. */
export type ModalSize =
  | "fullScreen"
  | "sidePanelRight"
  | "sidePanelRightLarge"
  | "sidePanelLeft"
  | "dropDown"
  | "xl"
  | "xxl"
  | "large"
  | "medium"
  | "small";

export interface ModalProps {
  isVisible: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Keep the heading for screen readers only. */
  titleHidden?: boolean;
  size?: ModalSize;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Show the Close button in the header (default true). */
  showCloseButton?: boolean;
  className?: string;
  children?: ReactNode;
}

function ModalDialog({
  onClose,
  title,
  titleHidden = false,
  size = "medium",
  closeOnBackdrop = true,
  showCloseButton = true,
  className,
  children,
}: Omit<ModalProps, "isVisible">) {
  const id = useId();
  const titleID = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Register in the stack, move focus in, and give it back on close.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushModal(id);
    const dialog = dialogRef.current;
    if (dialog) {
      const body = dialog.querySelector<HTMLElement>(".modal-body");
      const first = (body && getFocusable(body)[0]) ?? getFocusable(dialog)[0] ?? dialog;
      first.focus();
    }
    return () => {
      popModal(id);
      if (previous?.isConnected) previous.focus();
    };
  }, [id]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && isTopModal(id)) {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [id]);

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = getFocusable(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={classNames("modal-backdrop", `modal-backdrop--${size}`)}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
        tabIndex={-1}
        className={classNames("modal", `modal--${size}`, className)}
        onKeyDown={trapFocus}
      >
        <div className={classNames("modal-header", titleHidden && "modal-header--hidden")}>
          <h2 id={titleID} className={classNames("modal-title", titleHidden && "sr-only")}>
            {title}
          </h2>
          {showCloseButton && (
            <button type="button" className="modal-close" aria-label={t("Close")} onClick={onClose}>
              <CloseIcon size={18} />
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A dialog in a portal: Escape closes the top one, focus is trapped inside and returned on close. */
export function Modal({ isVisible, ...props }: ModalProps) {
  return isVisible ? <ModalDialog {...props} /> : null;
}
