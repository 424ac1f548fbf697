import type { PermissionDescription } from "@forum/api/permissionCatalog";
import { Fragment } from "react";
import { formatText, t } from "@library/src/i18n/translate";
import { GLOBAL_SCOPE, holds, type RoleGrants, type ScopeKey } from "./permissionMatrixModel";

export interface MatrixColumn {
  scope: ScopeKey;
  /** Column heading: "Global" or the category's name. */
  label: string;
}

interface PermissionMatrixProps {
  catalog: readonly PermissionDescription[];
  columns: readonly MatrixColumn[];
  grants: RoleGrants;
  onToggle: (scope: ScopeKey, permission: string, granted: boolean) => void;
  /** Cells whose value differs from what is saved, marked so the change is visible before saving. */
  changed: (scope: ScopeKey, permission: string) => boolean;
}

/**
 * The role's grants as a table: one row per declared permission (grouped as declared, add-ons under their own
 * name), a Global column and one column per category with custom permissions. A global-only permission has no
 * cell in a category column.
 */
export function PermissionMatrix({ catalog, columns, grants, onToggle, changed }: PermissionMatrixProps) {
  const groups = [...new Set(catalog.map((permission) => permission.group))];
  return (
    <div className="permissionMatrix-frame">
      <table className="permissionMatrix">
        <caption className="sr-only">{t("Permissions")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Permission")}</th>
            {columns.map((column) => (
              <th scope="col" key={column.scope}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <Fragment key={group}>
              <tr className="permissionMatrix-group">
                <th scope="colgroup" colSpan={columns.length + 1}>
                  {group}
                </th>
              </tr>
              {catalog
                .filter((permission) => permission.group === group)
                .map((permission) => (
                  <tr key={permission.name}>
                    <th scope="row">
                      <span className="permissionMatrix-label">{permission.label}</span>
                      <span className="permissionMatrix-name">{permission.name}</span>
                    </th>
                    {columns.map((column) => {
                      if (column.scope !== GLOBAL_SCOPE && permission.scope !== "category")
                        return (
                          <td key={column.scope} className="permissionMatrix-none">
                            <span aria-hidden="true">—</span>
                          </td>
                        );
                      const checked = holds(grants, column.scope, permission.name);
                      return (
                        <td
                          key={column.scope}
                          className={
                            changed(column.scope, permission.name) ? "permissionMatrix-changed" : undefined
                          }
                        >
                          <input
                            type="checkbox"
                            className="permissionMatrix-check"
                            checked={checked}
                            aria-label={formatText(t("{permission} ({scope})"), {
                              permission: permission.label,
                              scope: column.label,
                            })}
                            onChange={(event) =>
                              onToggle(column.scope, permission.name, event.target.checked)
                            }
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
