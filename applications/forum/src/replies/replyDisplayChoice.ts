import type { ReplyDisplay } from "@forum/api/categories";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { rememberGuestReplyDisplay, saveReplyDisplay } from "./repliesApi";

/** The address without `replyDisplay=`: once the choice is kept, the page follows it. */
function withoutChoice(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.delete("replyDisplay");
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Keeps a reader's flat/threaded choice (a member's on the server, a guest's in this browser) and loads the page
 * in it.
 */
export async function keepReplyDisplay(display: ReplyDisplay, signedIn: boolean, url: string): Promise<void> {
  if (signedIn) await saveReplyDisplay(display);
  else rememberGuestReplyDisplay(display);
  fullPageNavigate(withoutChoice(url));
}
