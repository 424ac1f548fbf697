import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { Theme } from "@forum/api/themes";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { ConfirmModal } from "../shell/ConfirmModal";
import { SectionError } from "../shell/SectionError";
import { ThemeCardInfo } from "./ThemeCardInfo";
import { ThemeSwatches } from "./ThemeSwatches";
import { applyTheme, deleteTheme, fetchThemes, previewTheme } from "./themesApi";

/** Where a preview is looked at: the home page, with the preview toast. */
export const PREVIEW_LANDING = "/";

/**
 * Every theme as a card: the theme add-ons (Light, Dark) and the site's own themes. Apply makes one the site's,
 * Preview shows it to this manager only, Edit and Revisions open a stored theme; a theme add-on is the template
 * of a new theme.
 */
export function ThemeList() {
  const toast = useToast();
  const [themes, setThemes] = useState<Theme[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const action = useApiAction();

  const load = () => {
    setError(null);
    fetchThemes()
      .then(setThemes)
      .catch((caught: unknown) => setError(toApiError(caught)));
  };
  useEffect(load, []);

  const apply = (theme: Theme) =>
    void action
      .run(async () => {
        await applyTheme(theme.themeID);
      })
      .then((done) => {
        if (!done) return;
        toast.addToast({
          type: "success",
          message: formatText(t("{name} is now the site's theme."), { name: theme.name }),
        });
        load();
      });
  const preview = (theme: Theme) =>
    void action
      .run(async () => {
        await previewTheme(theme.themeID);
      })
      .then((done) => {
        if (done) fullPageNavigate(PREVIEW_LANDING);
      });
  const remove = () => {
    if (!deleting) return;
    void action
      .run(() => deleteTheme(deleting.themeID))
      .then((done) => {
        setDeleting(null);
        if (!done) return;
        toast.addToast({
          type: "success",
          message: formatText(t("The theme {name} was deleted."), { name: deleting.name }),
        });
        load();
      });
  };

  if (error) return <SectionError error={error} onRetry={load} />;
  if (!themes) return <Loader />;
  return (
    <>
      <div className="dashboardToolbar">
        <Link className="button button--primary" to="/dashboard/appearance/style-guides/new">
          {t("New Theme")}
        </Link>
      </div>
      {action.error && !deleting && (
        <p className="themeList-error" role="alert">
          {action.error.message}
        </p>
      )}
      <ul className="themeCards" aria-label={t("Themes")}>
        {themes.map((theme) => (
          <li key={String(theme.themeID)} className="themeCard" aria-label={theme.name}>
            <ThemeSwatches theme={theme} />
            <div className="themeCard-body">
              <h2 className="themeCard-name">{theme.name}</h2>
              <p className="themeCard-meta">
                {theme.type === "themeFile" ? t("Theme add-on") : t("Custom theme")}
                {theme.current && <span className="themeCard-current">{t("Current theme")}</span>}
              </p>
              <ThemeCardInfo theme={theme} />
              <div className="themeCard-actions">
                {!theme.current && (
                  <Button compact variant="primary" disabled={action.pending} onClick={() => apply(theme)}>
                    {t("Apply")}
                  </Button>
                )}
                <Button compact disabled={action.pending} onClick={() => preview(theme)}>
                  {t("Preview")}
                </Button>
                {theme.type === "themeDB" ? (
                  <>
                    <Link
                      className="button button--compact"
                      to={`/dashboard/appearance/style-guides/${theme.themeID}/edit`}
                    >
                      {t("Edit")}
                    </Link>
                    <Link
                      className="button button--compact"
                      to={`/dashboard/appearance/style-guides/${theme.themeID}/revisions`}
                    >
                      {t("Revisions")}
                    </Link>
                    {!theme.current && (
                      <Button compact variant="text" onClick={() => setDeleting(theme)}>
                        {t("Delete")}
                      </Button>
                    )}
                  </>
                ) : (
                  <Link
                    className="button button--compact"
                    to={`/dashboard/appearance/style-guides/new?parentTheme=${encodeURIComponent(String(theme.themeID))}`}
                  >
                    {t("Copy")}
                  </Link>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmModal
        isVisible={deleting !== null}
        title={t("Delete Theme")}
        confirmLabel={t("Delete")}
        pending={action.pending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {formatText(t("Delete the theme {name} and all its revisions?"), { name: deleting?.name ?? "" })}
        </p>
        {action.error && <p role="alert">{action.error.message}</p>}
      </ConfirmModal>
    </>
  );
}
