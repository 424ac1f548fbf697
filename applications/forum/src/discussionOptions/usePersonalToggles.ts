import { useState } from "react";
import type { Discussion } from "@forum/api/discussions";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { useToast } from "@library/src/ui/Toast/useToast";
import { bumpDiscussion, putDismissed, putMuted } from "./optionsApi";

export interface PersonalToggles {
  muted: boolean;
  dismissed: boolean;
  /** A call is in flight (the items are disabled). */
  pending: boolean;
  toggleMuted: () => Promise<void>;
  toggleDismissed: () => Promise<void>;
  bump: () => Promise<void>;
}

/**
 * Mute, Dismiss and Bump: each toggle sends the opposite of the current value (SPEC 4) and says what happened in
 * a toast (SPEC 8); a failure stays on screen as a dismissible toast with the server's description or message.
 */
export function usePersonalToggles(
  discussion: Pick<Discussion, "discussionID"> & Partial<Pick<Discussion, "muted" | "dismissed">>,
): PersonalToggles {
  const toast = useToast();
  const [muted, setMuted] = useState(discussion.muted === true);
  const [dismissed, setDismissed] = useState(discussion.dismissed === true);
  const [pending, setPending] = useState(false);
  const { discussionID } = discussion;

  const run = async (call: () => Promise<string>) => {
    setPending(true);
    try {
      toast.addToast({ message: await call() });
    } catch (error) {
      const apiError = toApiError(error);
      toast.addErrorToast(apiError.description ?? apiError.message);
    } finally {
      setPending(false);
    }
  };

  return {
    muted,
    dismissed,
    pending,
    toggleMuted: () =>
      run(async () => {
        const now = await putMuted(discussionID, !muted);
        setMuted(now);
        return now ? t("Discussion has been muted.") : t("Discussion has been unmuted.");
      }),
    toggleDismissed: () =>
      run(async () => {
        const now = await putDismissed(discussionID, !dismissed);
        setDismissed(now);
        return now ? t("Success. Announcement has been dismissed.") : t("Success. Dismissal cancelled.");
      }),
    bump: () =>
      run(async () => {
        await bumpDiscussion(discussionID);
        return t("Success! This post has been bumped.");
      }),
  };
}
