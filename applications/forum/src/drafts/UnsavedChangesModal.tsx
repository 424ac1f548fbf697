import { useEffect, useState } from "react";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";

export const UNSAVED_CHANGES_TEXT =
  "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?";

/** Marks a link that opens the page holding the draft being written ('Navigate to Draft', `useDraftToast`). */
const DRAFT_LINK_ATTRIBUTE = "data-draft-link";

function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return null;
  // 'Navigate to Draft' leads to the editor holding this very draft: nothing is left behind.
  if (link.hasAttribute(DRAFT_LINK_ATTRIBUTE)) return null;
  const url = new URL(link.href, window.location.href);
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? null : link;
}

/**
 * 'Unsaved Changes' (SPEC 8): while `active`, following a link off the page asks first (Continue leaves,
 * Cancel stays). Reloading or closing the tab needs no question: the local draft is written on `pagehide`.
 */
export function UnsavedChangesGuard({ active }: { active: boolean }) {
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const link = leavingLink(event);
      if (!link) return;
      event.preventDefault();
      setLeavingTo(link.href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [active]);

  return (
    <Modal
      isVisible={leavingTo !== null}
      onClose={() => setLeavingTo(null)}
      title={t("Unsaved Changes")}
      size="small"
    >
      <p className="postConfirm-question">{t(UNSAVED_CHANGES_TEXT)}</p>
      <div className="postConfirm-actions">
        <Button onClick={() => setLeavingTo(null)}>{t("Cancel")}</Button>
        <Button
          variant="primary"
          onClick={() => {
            const target = leavingTo;
            setLeavingTo(null);
            if (target) fullPageNavigate(target);
          }}
        >
          {t("Continue")}
        </Button>
      </div>
    </Modal>
  );
}
