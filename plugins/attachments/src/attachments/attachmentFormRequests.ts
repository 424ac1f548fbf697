import { useEffect } from "react";
import type { AttachmentTarget } from "./attachmentsApi";

/**
 * An options-menu action asks for its form here, and the post's cards (which stay mounted while the menu closes)
 * open it: a window event, so neither widget needs the other's place in the page.
 */
const OPEN_FORM_EVENT = "attachments:openForm";

export function requestAttachmentForm(target: AttachmentTarget): void {
  window.dispatchEvent(new CustomEvent<AttachmentTarget>(OPEN_FORM_EVENT, { detail: target }));
}

/** Calls `open` for the requests about this post. */
export function useAttachmentFormRequests(
  recordType: string,
  recordID: number,
  open: (target: AttachmentTarget) => void,
): void {
  useEffect(() => {
    const listener = (event: Event) => {
      const target = (event as CustomEvent<AttachmentTarget>).detail;
      if (target.recordType === recordType && target.recordID === recordID) open(target);
    };
    window.addEventListener(OPEN_FORM_EVENT, listener);
    return () => window.removeEventListener(OPEN_FORM_EVENT, listener);
  }, [recordType, recordID, open]);
}
