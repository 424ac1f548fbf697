import type { PermissionDescription, RolePermissionsPreview } from "@forum/api/permissionCatalog";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import type { MatrixColumn } from "./PermissionMatrix";
import { GLOBAL_SCOPE } from "./permissionMatrixModel";

interface PermissionPreviewProps {
  preview: RolePermissionsPreview;
  catalog: readonly PermissionDescription[];
  columns: readonly MatrixColumn[];
  saving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** Before a role's grants are saved: who gains and who loses what, and a refusal when it would lock admins out. */
export function PermissionPreview({
  preview,
  catalog,
  columns,
  saving,
  onConfirm,
  onBack,
}: PermissionPreviewProps) {
  const labelOf = (name: string) => catalog.find((permission) => permission.name === name)?.label ?? name;
  const scopeLabel = (type: string, id: number | null) =>
    columns.find((column) => column.scope === (type === "global" ? GLOBAL_SCOPE : `${type}:${id ?? 0}`))
      ?.label ?? `${type} ${id ?? ""}`;
  return (
    <section className="permissionPreview" aria-labelledby="permission-preview-title">
      <h2 id="permission-preview-title" className="permissionPreview-title">
        {t("Review changes")}
      </h2>
      <p>
        {preview.members === 1
          ? t("1 member has this role.")
          : formatText(t("{count} members have this role."), { count: preview.members })}
      </p>
      {preview.locksOutAdministrators && (
        <p className="permissionPreview-lockout" role="alert">
          {t(
            "This change would leave nobody able to manage the site. Give another member the Administrator role first.",
          )}
        </p>
      )}
      <ul className="permissionPreview-list">
        {preview.changes.map((change) => {
          const who =
            change.count === 0
              ? t("nobody (they hold it through another role)")
              : change.names.join(", ") +
                (change.count > change.names.length
                  ? formatText(t(" and {count} more"), { count: change.count - change.names.length })
                  : "");
          const template =
            change.change === "gain"
              ? "Gain {permission} ({scope}): {who}"
              : "Lose {permission} ({scope}): {who}";
          return (
            <li
              key={`${change.type}:${change.id ?? 0}:${change.permission}`}
              className={`permissionPreview-${change.change}`}
            >
              {formatText(t(template), {
                permission: labelOf(change.permission),
                scope: scopeLabel(change.type, change.id),
                who,
              })}
            </li>
          );
        })}
      </ul>
      <div className="siteSettings-footer">
        <Button
          variant="primary"
          pending={saving}
          disabled={preview.locksOutAdministrators}
          onClick={onConfirm}
        >
          {t("Confirm and save")}
        </Button>
        <Button onClick={onBack} disabled={saving}>
          {t("Back to editing")}
        </Button>
      </div>
    </section>
  );
}
