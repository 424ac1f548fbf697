// Plain values only (no TypeBox): the browser scripts import this file.

/** The messages a forum page inside the frame posts to the page that embeds it. */
export const EMBED_MESSAGE_SOURCE = "forum-embed";
export type EmbedFrameMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; type: "location"; href: string; title: string }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: "height"; height: number }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: "scroll"; scrollY: number }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: "navigate"; href: string };

/** SPEC 9: the embed constants. */
export const EMBED_SCRIPT_TIMEOUT_MS = 10_000;
export const EMBED_POLL_MS = 200;
export const EMBED_SCROLL_THRESHOLD_PX = 50;
/** About 60 scroll reports a second at most. */
export const EMBED_SCROLL_THROTTLE_MS = 1000 / 60;
export const EMBED_SMALL_WIDTH = 500;
export const EMBED_MAX_WIDTH = 640;
export const EMBED_MAX_HEIGHT = "80vh";
export const EMBED_SANDBOX = "allow-same-origin allow-scripts allow-forms";

/** The query parameter that asks for a page without the site's chrome. */
export const EMBED_QUERY = "embed";

/** The texts the page that embeds shows, in the site's language. */
export interface EmbedMessages {
  failed: string;
  timedOut: string;
  frameTitle: string;
}

export interface EmbedScriptOptions {
  forumOrigin: string;
  messages: EmbedMessages;
  timeoutMs: number;
  sandbox: string;
  smallWidth: number;
  maxWidth: number;
  maxHeight: string;
  embedQuery: string;
  messageSource: string;
}
