import { siteUrl } from "@library/src/bootstrap/bootstrap";
import type { ApiError } from "@library/src/api/apiError";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";
import "./ErrorPage.css";

export type ErrorPageVariant = "permission" | "notfound" | "generic";

export interface ErrorPageProps {
  error?: Partial<ApiError> | null;
  /** Forces a variant; otherwise chosen from error.status (403 permission, 404 notfound). */
  variant?: ErrorPageVariant;
}

export function errorPageVariant(status: number | undefined): ErrorPageVariant {
  if (status === 403) return "permission";
  if (status === 404) return "notfound";
  return "generic";
}

/** SPEC 2 "Other": the permission, not-found and generic error pages. */
export function ErrorPage({ error, variant }: ErrorPageProps) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const kind = variant ?? errorPageVariant(error?.status);

  if (kind === "permission") {
    return (
      <main className="errorPage container" id="content">
        <h1 className="errorPage-title">{t("Permission Problem")}</h1>
        <p className="errorPage-message">{t("You don't have permission to view this resource.")}</p>
        {!isSignedIn && (
          <a className="button button--primary" href={siteUrl(paths.signIn(window.location.href))}>
            {t("Sign In")}
          </a>
        )}
      </main>
    );
  }

  if (kind === "notfound") {
    return (
      <main className="errorPage container" id="content">
        <h1 className="errorPage-title">{t("There was an error")}</h1>
        <p className="errorPage-message">{t("The page you were looking for could not be found.")}</p>
        <a className="button button--primary" href={siteUrl(paths.home)}>
          {t("Back to home page")}
        </a>
      </main>
    );
  }

  return (
    <main className="errorPage container" id="content">
      <h1 className="errorPage-title">{error?.message ?? t("Something went wrong.")}</h1>
      {error?.description && <p className="errorPage-description">{error.description}</p>}
      <p className="errorPage-message">{t("Please try again later.")}</p>
      <a className="button button--primary" href={siteUrl(paths.home)}>
        {t("Back to Home")}
      </a>
    </main>
  );
}
