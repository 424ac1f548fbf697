import type { EmbedMessages } from "../../api/embedMessages";

/**
 * The inline code a site owner pastes (the dashboard shows it): loads the forum's `/embed.js` and, when it fails or
 * takes longer than the timeout, says so in every `[data-forum-embed]` place holder of the page (SPEC 8).
 *
 * Sent as its own source (`String(loadForumEmbed)`), so it must stay self-contained.
 */
export function loadForumEmbed(
  win: Window,
  scriptUrl: string,
  messages: Pick<EmbedMessages, "failed" | "timedOut">,
  timeoutMs: number,
): void {
  const doc = win.document;
  let settled = false;
  function fail(text: string): void {
    if (settled) return;
    settled = true;
    doc.querySelectorAll<HTMLElement>("[data-forum-embed]").forEach((holder) => {
      const error = doc.createElement("p");
      error.className = "forumEmbed-error";
      error.setAttribute("role", "alert");
      error.textContent = text;
      error.style.cssText =
        "margin:8px 0;padding:8px 12px;border:1px solid #d0021b;color:#a00;font:14px sans-serif";
      holder.appendChild(error);
    });
  }
  const timer = win.setTimeout(() => fail(messages.timedOut), timeoutMs);
  const script = doc.createElement("script");
  script.src = scriptUrl;
  script.async = true;
  script.onload = () => {
    settled = true;
    win.clearTimeout(timer);
  };
  script.onerror = () => {
    win.clearTimeout(timer);
    fail(messages.failed);
  };
  (doc.head || doc.documentElement).appendChild(script);
}
