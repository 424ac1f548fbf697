import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { Theme } from "@forum/api/themes";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { SectionError } from "../shell/SectionError";
import { PREVIEW_LANDING } from "./ThemeList";
import { fetchThemeRevisions, previewTheme, restoreThemeRevision } from "./themesApi";

/**
 * A stored theme's revisions, newest first: the active one marked; any other can be previewed (the toast then
 * offers Restore) or restored at once.
 */
export function ThemeRevisions({ themeID }: { themeID: string }) {
  const toast = useToast();
  const [revisions, setRevisions] = useState<Theme[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const action = useApiAction();

  const load = () => {
    setError(null);
    fetchThemeRevisions(themeID)
      .then(setRevisions)
      .catch((caught: unknown) => setError(toApiError(caught)));
  };
  useEffect(load, [themeID]);

  const label = (revision: Theme) =>
    revision.revisionName ?? formatText(t("Revision {number}"), { number: revision.revisionID ?? 0 });
  const restore = (revision: Theme) =>
    void action
      .run(async () => {
        await restoreThemeRevision(themeID, revision.revisionID ?? 0);
      })
      .then((done) => {
        if (!done) return;
        toast.addToast({
          type: "success",
          message: formatText(t("{name} was restored."), { name: label(revision) }),
        });
        load();
      });
  const preview = (revision: Theme) =>
    void action
      .run(async () => {
        await previewTheme(themeID, revision.revisionID ?? undefined);
      })
      .then((done) => {
        if (done) fullPageNavigate(PREVIEW_LANDING);
      });

  if (error) return <SectionError error={error} onRetry={load} />;
  if (!revisions) return <Loader />;
  const name = revisions[0]?.name ?? "";
  return (
    <>
      <div className="dashboardToolbar">
        <Link to="/dashboard/appearance/style-guides">{t("Back to themes")}</Link>
      </div>
      <h2 className="dashboardSubheading">{formatText(t("Revisions of {name}"), { name })}</h2>
      {action.error && (
        <p className="themeList-error" role="alert">
          {action.error.message}
        </p>
      )}
      <DashboardTable columns={[t("Revision"), t("Saved"), t("State")]} actions>
        {revisions.map((revision) => (
          <tr key={revision.revisionID}>
            <td className="dashboardTable-name">{label(revision)}</td>
            <td>{revision.dateInserted ? <DateTime timestamp={revision.dateInserted} /> : null}</td>
            <td>{revision.active ? t("Active") : ""}</td>
            <td className="dashboardTable-actions">
              {!revision.active && (
                <>
                  <Button compact disabled={action.pending} onClick={() => preview(revision)}>
                    {formatText(t("Preview {name}"), { name: label(revision) })}
                  </Button>
                  <Button compact disabled={action.pending} onClick={() => restore(revision)}>
                    {formatText(t("Restore {name}"), { name: label(revision) })}
                  </Button>
                </>
              )}
            </td>
          </tr>
        ))}
      </DashboardTable>
    </>
  );
}
