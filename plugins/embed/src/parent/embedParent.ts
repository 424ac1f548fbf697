import type { EmbedScriptOptions } from "../../api/embedMessages";

/**
 * The script the forum serves at `/embed.js` for the page that embeds it (the blog, another site): every
 * `[data-forum-embed]` place holder gets an iframe of the forum (a discussion list, a discussion, or the comments
 * of this page), sized by what the frame reports, with links to other domains opened here.
 *
 * The server sends this function's own source (`String(mountForumEmbeds)`), so it must stay self-contained: no
 * imports at run time, no helpers from outside its body; everything it needs comes in `options`.
 *
 * Place holders: `data-forum-embed="comments"` (optional `data-foreign-id`, `data-url`, `data-title`),
 * `data-forum-embed="discussion"` with `data-discussion-id`, `data-forum-embed="discussions"` (optional
 * `data-category`: the category's id or url code).
 */
export function mountForumEmbeds(win: Window, options: EmbedScriptOptions): HTMLIFrameElement[] {
  const doc = win.document;

  function pageUrl(): string {
    const url = new URL(win.location.href);
    url.hash = "";
    return url.toString();
  }

  function frameSource(holder: HTMLElement): string | null {
    const data = holder.dataset;
    const embedded = (path: string) => {
      const url = new URL(path, options.forumOrigin);
      url.searchParams.set(options.embedQuery, "1");
      return url.toString();
    };
    if (data.forumEmbed === "comments") {
      const url = new URL("/embed/comments", options.forumOrigin);
      url.searchParams.set("url", data.url || pageUrl());
      if (data.foreignId) url.searchParams.set("foreignID", data.foreignId);
      const title = (data.title || doc.title).slice(0, 100);
      if (title) url.searchParams.set("title", title);
      return url.toString();
    }
    if (data.forumEmbed === "discussion" && data.discussionId && /^[0-9]+$/.test(data.discussionId))
      return embedded(`/discussion/${data.discussionId}`);
    if (data.forumEmbed === "discussions")
      return embedded(data.category ? `/categories/${encodeURIComponent(data.category)}` : "/discussions");
    return null;
  }

  function showError(holder: HTMLElement, text: string): void {
    if (holder.querySelector(".forumEmbed-error")) return;
    const error = doc.createElement("p");
    error.className = "forumEmbed-error";
    error.setAttribute("role", "alert");
    error.textContent = text;
    error.style.cssText =
      "margin:8px 0;padding:8px 12px;border:1px solid #d0021b;color:#a00;font:14px sans-serif";
    holder.appendChild(error);
  }

  function mount(holder: HTMLElement): HTMLIFrameElement | null {
    const source = frameSource(holder);
    if (!source) return null;
    holder.setAttribute("data-forum-embed-mounted", "");
    const frame = doc.createElement("iframe");
    frame.src = source;
    frame.title = options.messages.frameTitle;
    frame.setAttribute("sandbox", options.sandbox);
    frame.setAttribute("scrolling", "auto");
    frame.style.cssText = `display:block;width:100%;max-width:${options.maxWidth}px;height:300px;max-height:${options.maxHeight};border:0`;
    const sizeClass = () =>
      holder.classList.toggle("forumEmbed-small", holder.getBoundingClientRect().width < options.smallWidth);
    sizeClass();
    win.addEventListener("resize", sizeClass);
    let heard = false;
    const timer = win.setTimeout(() => {
      if (!heard) showError(holder, options.messages.timedOut);
    }, options.timeoutMs);
    win.addEventListener("message", (event: MessageEvent) => {
      if (event.origin !== options.forumOrigin || event.source !== frame.contentWindow) return;
      const message = event.data as Record<string, unknown> | null;
      if (!message || message.source !== options.messageSource) return;
      heard = true;
      win.clearTimeout(timer);
      holder.querySelector(".forumEmbed-error")?.remove();
      if (message.type === "height" && typeof message.height === "number" && message.height > 0) {
        frame.style.height = `${Math.ceil(message.height)}px`;
      } else if (message.type === "location" && typeof message.href === "string") {
        holder.dataset.forumHref = message.href;
        holder.dataset.forumTitle = typeof message.title === "string" ? message.title : "";
      } else if (message.type === "scroll" && typeof message.scrollY === "number") {
        holder.dataset.forumScroll = String(Math.round(message.scrollY));
      } else if (message.type === "navigate" && typeof message.href === "string") {
        // Links to other domains leave the frame: the whole page goes there (http and https only).
        const target = new URL(message.href, win.location.href);
        if (target.protocol === "http:" || target.protocol === "https:")
          win.location.assign(target.toString());
      }
    });
    holder.appendChild(frame);
    return frame;
  }

  const frames: HTMLIFrameElement[] = [];
  doc
    .querySelectorAll<HTMLElement>("[data-forum-embed]:not([data-forum-embed-mounted])")
    .forEach((holder) => {
      const frame = mount(holder);
      if (frame) frames.push(frame);
    });
  return frames;
}
