import type { Translate } from "@library/server/i18n/translate";
import {
  EMBED_MAX_HEIGHT,
  EMBED_MAX_WIDTH,
  EMBED_MESSAGE_SOURCE,
  EMBED_QUERY,
  EMBED_SANDBOX,
  EMBED_SCRIPT_TIMEOUT_MS,
  EMBED_SMALL_WIDTH,
  type EmbedScriptOptions,
} from "../api/embedMessages";
import { loadForumEmbed } from "../src/parent/embedLoader";
import { mountForumEmbeds } from "../src/parent/embedParent";

/**
 * The browser functions are sent as their own source. A build may name its functions through a `__name` helper
 * (esbuild's keepNames), which the embedding page does not have: each script brings a harmless one.
 */
function selfContained(fn: (...args: never[]) => unknown, args: string): string {
  return `(function(){var __name=function(f){return f};(${String(fn)})(${args});})();`;
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function embedScriptMessages(t: Translate) {
  return {
    failed: t("Failed to load a required embed script"),
    timedOut: t("Loading of the script has timed out"),
    frameTitle: t("Forum"),
  };
}

/** `/embed.js`: mounts the frames of the page's `[data-forum-embed]` place holders. */
export function embedScript(forumOrigin: string, t: Translate): string {
  const options: EmbedScriptOptions = {
    forumOrigin,
    messages: embedScriptMessages(t),
    timeoutMs: EMBED_SCRIPT_TIMEOUT_MS,
    sandbox: EMBED_SANDBOX,
    smallWidth: EMBED_SMALL_WIDTH,
    maxWidth: EMBED_MAX_WIDTH,
    maxHeight: EMBED_MAX_HEIGHT,
    embedQuery: EMBED_QUERY,
    messageSource: EMBED_MESSAGE_SOURCE,
  };
  return selfContained(mountForumEmbeds, `window,${scriptJson(options)}`);
}

/** The inline loader a site owner pastes once per page (in a `<script>` element, after the place holders). */
export function embedLoaderScript(forumOrigin: string, t: Translate): string {
  const { failed, timedOut } = embedScriptMessages(t);
  return selfContained(
    loadForumEmbed,
    `window,${scriptJson(`${forumOrigin}/embed.js`)},${scriptJson({ failed, timedOut })},${EMBED_SCRIPT_TIMEOUT_MS}`,
  );
}
