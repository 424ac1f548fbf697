import { useEffect, useRef, useState } from "react";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";

/** SPEC 8's question, verbatim. */
export const UNSAVED_CHANGES_QUESTION =
  "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?";

/** The link a plain click is following to another page, or null (new tab, download, same page, handled). */
function linkLeavingPage(event: MouseEvent): HTMLAnchorElement | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return null;
  const url = new URL(link.href, window.location.href);
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? null : link;
}

/**
 * 'Unsaved Changes' (SPEC 8) for a dashboard form with edits not saved: while `active`, following a link (the
 * dashboard's navigation, the title bar) asks first in a dialog — Continue follows the link as it would have
 * gone (in-app or a new page), Cancel stays — and leaving the site (reload, close, typed address) gets the
 * browser's own question through `beforeunload`.
 */
export function UnsavedChangesGuard({ active }: { active: boolean }) {
  const [leavingBy, setLeavingBy] = useState<HTMLAnchorElement | null>(null);
  const letThrough = useRef(false);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (letThrough.current) {
        letThrough.current = false;
        return;
      }
      const link = linkLeavingPage(event);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingBy(link);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [active]);

  const stay = () => setLeavingBy(null);
  const leave = () => {
    const link = leavingBy;
    setLeavingBy(null);
    if (!link) return;
    // The same click again, let through this once: the router (or the browser) takes it as it would have.
    letThrough.current = true;
    link.click();
  };

  return (
    <Modal isVisible={leavingBy !== null} onClose={stay} title={t("Unsaved Changes")} size="small">
      <p className="dashboardConfirm-body">{t(UNSAVED_CHANGES_QUESTION)}</p>
      <div className="dashboardConfirm-actions">
        <Button onClick={stay}>{t("Cancel")}</Button>
        <Button variant="primary" onClick={leave}>
          {t("Continue")}
        </Button>
      </div>
    </Modal>
  );
}
