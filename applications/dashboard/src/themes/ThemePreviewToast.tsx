import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { ThemePreviewMeta } from "@forum/api/themes";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { applyTheme, cancelThemePreview, restoreThemeRevision } from "./themesApi";
import "./themePreviewToast.css";

/**
 * Shown on every page while a site manager previews a theme (page meta `themePreview`): Apply makes it the
 * site's theme (Restore, for a revision, makes that revision the theme's active one), Cancel ends the preview;
 * either then goes to the meta's `redirect`. A failure is said inside the toast and nothing moves.
 */
export function ThemePreviewToast({ name, themeID, revisionID, redirect }: ThemePreviewMeta) {
  const action = useApiAction();
  const finish = (work: () => Promise<void>) =>
    void action.run(work).then((done) => {
      if (done) fullPageNavigate(redirect);
    });
  const apply = () =>
    finish(async () => {
      if (revisionID) {
        await restoreThemeRevision(themeID, revisionID);
        await cancelThemePreview();
      } else await applyTheme(themeID);
    });
  return (
    <div className="themePreviewToast" role="region" aria-label={t("Theme preview")}>
      <p className="themePreviewToast-message">
        {formatText(t("You are previewing the {theme} theme."), { theme: name })}
      </p>
      {action.error && (
        <p className="themePreviewToast-error" role="alert">
          {action.error.message}
        </p>
      )}
      <div className="themePreviewToast-actions">
        <Button compact variant="primary" disabled={action.pending} onClick={apply}>
          {revisionID ? t("Restore") : t("Apply")}
        </Button>
        <Button compact disabled={action.pending} onClick={() => finish(cancelThemePreview)}>
          {t("Cancel")}
        </Button>
      </div>
    </div>
  );
}
