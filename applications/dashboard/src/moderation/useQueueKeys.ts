import { useEffect, useRef } from "react";

/** What each queue key does (SPEC 9 keyboard behaviour: keys act only outside fields and dialogs). */
export interface QueueKeyHandlers {
  next: () => void;
  previous: () => void;
  approve: () => void;
  reject: () => void;
  remove: () => void;
  toggleSelect: () => void;
}

function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("[role='dialog']")) return true;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** j/k move, a approve, r reject, d delete, x select: on the whole page while the queue shows. */
export function useQueueKeys(handlers: QueueKeyHandlers, enabled: boolean): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingOrInDialog(event.target)) return;
      if (document.querySelector("[role='dialog']")) return;
      const action = {
        j: latest.current.next,
        k: latest.current.previous,
        a: latest.current.approve,
        r: latest.current.reject,
        d: latest.current.remove,
        x: latest.current.toggleSelect,
      }[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
