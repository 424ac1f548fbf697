import { useEffect, type RefObject } from "react";
import { t } from "@library/src/i18n/translate";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DRAFT_TOAST_ROOT_MARGIN } from "./draftConstants";
import { draftLocationLink, openedForDraft } from "./draftLinks";

/**
 * 'Saved Draft Available.' with 'Navigate to Draft' while the editor holding a saved draft is out of view
 * (watched with a -100px top margin, SPEC 9); not on a page opened from that link. A reply draft's link leads to
 * the comment it answers (`commentParentID`).
 */
export function useDraftToast(
  hasDraft: boolean,
  editor: RefObject<HTMLElement | null>,
  commentParentID?: number,
): void {
  const toast = useToast();
  useEffect(() => {
    if (!hasDraft || openedForDraft(window.location.search)) return;
    let toastID: string | null = null;
    const show = () => {
      if (toastID) return;
      let href: string;
      try {
        href = draftLocationLink(window.location, commentParentID);
      } catch (error) {
        console.error("Failed to create draft location link", error);
        return;
      }
      toastID = toast.addToast({
        message: t("Saved Draft Available."),
        body: (
          <a className="draftToast-link" href={href} data-draft-link="">
            {t("Navigate to Draft")}
          </a>
        ),
        persistent: true,
        dismissible: true,
      });
    };
    const hide = () => {
      if (toastID) toast.removeToast(toastID);
      toastID = null;
    };
    const element = editor.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      show();
      return hide;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) hide();
          else show();
        }
      },
      { rootMargin: DRAFT_TOAST_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      hide();
    };
  }, [hasDraft, editor, toast, commentParentID]);
}
