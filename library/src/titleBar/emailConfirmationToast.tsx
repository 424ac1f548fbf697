import { useEffect, useRef } from "react";
import type { Me } from "@forum/api/users";
import { getConfig, siteUrl } from "@library/src/bootstrap/bootstrap";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";
import { useToast } from "@library/src/ui/Toast/useToast";

export const EMAIL_CONFIRMATION_TOAST_ID = "emailConfirmation";

/** SPEC 5: only for signed-in users with an unconfirmed email, and only when confirmation is required. */
export function needsEmailConfirmationToast(user: Me, isConfirmEmailRequired: boolean): boolean {
  return user.userID > 0 && !user.emailConfirmed && isConfirmEmailRequired;
}

/** Shows the persistent, dismissible 'Your email address is not confirmed.' toast when the rule holds. */
export function useEmailConfirmationToast(): void {
  const user = useAppSelector(selectCurrentUser);
  const toasts = useToast();
  const required = getConfig<unknown>("isConfirmEmailRequired", false) === true;
  const show = needsEmailConfirmationToast(user, required);

  const shownRef = useRef(false);

  // No cleanup removal: a toast that outlives a remount (StrictMode) must not be deleted by a stale timer.
  useEffect(() => {
    if (!show) {
      if (shownRef.current) toasts.removeToast(EMAIL_CONFIRMATION_TOAST_ID);
      shownRef.current = false;
      return;
    }
    shownRef.current = true;
    toasts.addToast({
      id: EMAIL_CONFIRMATION_TOAST_ID,
      message: t("Your email address is not confirmed."),
      body: <a href={siteUrl(paths.emailConfirmRequest())}>{t("Resend confirmation email")}</a>,
      persistent: true,
      dismissible: true,
    });
  }, [show, toasts]);
}
