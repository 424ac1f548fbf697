import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";
import "./ErrorPage.css";

export function NotFoundPage() {
  return (
    <main className="errorPage container" id="content">
      <h1 className="errorPage-title">{t("Page Not Found")}</h1>
      <p className="errorPage-message">{t("The page you were looking for could not be found.")}</p>
      <a className="button button--primary" href={siteUrl(paths.home)}>
        {t("Back to home page")}
      </a>
    </main>
  );
}
