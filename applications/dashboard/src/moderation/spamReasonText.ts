import type { SpamReason, SpamSignalName } from "@forum/api/moderationQueue";
import { formatText, t } from "@library/src/i18n/translate";

/** What each spam signal means to a moderator; `{count}` is how many times it was seen. */
const SPAM_SIGNAL_LABELS: Record<SpamSignalName, string> = {
  links: "Links to other sites: {count}",
  hiddenLinks: "Hidden or disguised links: {count}",
  shouting: "Written in capitals",
  repeatedText: "Repeated text",
  spamPhrases: "Spam phrases: {count}",
  ownCopies: "Same text posted before by the member: {count}",
  othersCopies: "Same text posted by other members: {count}",
  newAccount: "New account",
  postingSpeed: "Posting fast: {count} posts over the usual",
};

/** One reason with its points: "Links to other sites: 3 (+6)". */
export function spamReasonText(reason: SpamReason): string {
  const label = formatText(t(SPAM_SIGNAL_LABELS[reason.signal]), { count: reason.count });
  return formatText(t("{label} (+{points})"), { label, points: reason.points });
}
