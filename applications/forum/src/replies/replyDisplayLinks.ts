import type { ReplyDisplay } from "@forum/api/categories";
// The switch's look: server pages have no widget chunk to bring it.
import "./replyDisplaySwitch.css";

const OPTION_SELECTOR = "nav.replyDisplaySwitch a[data-display]";

function isDisplay(value: string | undefined): value is ReplyDisplay {
  return value === "flat" || value === "threaded";
}

/**
 * The flat/threaded links the server writes (ReplyDisplaySwitch): a plain press keeps the choice and reloads the
 * page in it. One delegated listener; the code that keeps the choice is fetched at the first press. Without
 * script the links still show the page their way, for that page only.
 */
export function installReplyDisplayLinks(root: Document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(OPTION_SELECTOR) : null;
    const nav = link?.closest<HTMLElement>("nav");
    const display = link?.dataset.display;
    if (!link || !nav || !isDisplay(display)) return;
    event.preventDefault();
    if (link.getAttribute("aria-current") === "true" || nav.getAttribute("aria-busy") === "true") return;
    nav.setAttribute("aria-busy", "true");
    nav.querySelector(".replyDisplaySwitch-error")?.remove();
    const signedIn = nav.dataset.signedIn === "true";
    void import("./replyDisplayChoice")
      .then(({ keepReplyDisplay }) => keepReplyDisplay(display, signedIn, link.href))
      .catch(async (error: unknown) => {
        const { toApiError } = await import("@library/src/api/apiError");
        const alert = root.createElement("span");
        alert.className = "replyDisplaySwitch-error";
        alert.setAttribute("role", "alert");
        alert.textContent = toApiError(error).message;
        nav.append(alert);
      })
      .finally(() => nav.removeAttribute("aria-busy"));
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
