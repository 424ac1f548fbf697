import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";

/** Guests: 'Sign In' and 'Register', each returning to the current page (Register moves to the panel on xs). */
export function GuestActions({ currentUrl, showRegister }: { currentUrl: string; showRegister: boolean }) {
  return (
    <>
      <a className="titleBar-button titleBar-signIn" href={siteUrl(paths.signIn(currentUrl))}>
        {t("Sign In")}
      </a>
      {showRegister && (
        <a className="titleBar-button titleBar-register" href={siteUrl(paths.register(currentUrl))}>
          {t("Register")}
        </a>
      )}
    </>
  );
}
