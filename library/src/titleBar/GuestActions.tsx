import { t } from "@library/src/i18n/translate";
import { accountLinkWithTarget } from "@library/src/titleBar/accountLinks";

export interface GuestActionsProps {
  currentUrl: string;
  signInUrl: string;
  /** Empty: no Register (an invitation-only site, or the xs layout, where it moves to the side panel). */
  registrationUrl: string;
}

/** Guests: 'Sign In' and, when available, 'Register', each returning to the current page. */
export function GuestActions({ currentUrl, signInUrl, registrationUrl }: GuestActionsProps) {
  return (
    <>
      <a className="titleBar-button titleBar-signIn" href={accountLinkWithTarget(signInUrl, currentUrl)}>
        {t("Sign In")}
      </a>
      {registrationUrl && (
        <a
          className="titleBar-button titleBar-register"
          href={accountLinkWithTarget(registrationUrl, currentUrl)}
        >
          {t("Register")}
        </a>
      )}
    </>
  );
}
