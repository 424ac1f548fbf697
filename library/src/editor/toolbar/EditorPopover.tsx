import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";

export interface EditorPopoverProps {
  label: string;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Extra buttons before Cancel (e.g. Remove link). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * A small non-modal form under the toolbar. It is not a <form>, because the editor usually sits inside one
 * (the composer): Enter in a field applies, Escape cancels, and the first field takes focus.
 */
export function EditorPopover({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
  children,
}: EditorPopoverProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>("input, button")?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      event.stopPropagation();
      onSubmit();
    }
  };
  return (
    <div ref={root} role="dialog" aria-label={label} className="richEditor-popover" onKeyDown={onKeyDown}>
      {children}
      <div className="richEditor-popover-actions">
        {extraActions}
        <Button variant="text" compact onClick={onCancel}>
          {t("Cancel")}
        </Button>
        <Button variant="primary" compact onClick={onSubmit}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
