import type { Role } from "@forum/api/roles";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { apiv2 } from "@library/src/api/apiClient";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { ConfirmModal } from "../shell/ConfirmModal";
import { SectionError } from "../shell/SectionError";
import "./roles.css";

/** Dashboard › Roles: every role in order, with Edit and (for roles that may go) Delete after a confirmation. */
export function RoleList() {
  const toast = useToast();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [pending, setPending] = useState(false);

  const load = () => {
    setError(null);
    apiv2
      .get<Role[]>("roles", { params: { limit: 500 } })
      .then((response) => setRoles(response.data))
      .catch((caught: unknown) => setError(toApiError(caught)));
  };
  useEffect(load, []);

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await apiv2.delete(`roles/${deleting.roleID}`);
      toast.addToast({
        type: "success",
        message: formatText(t("The role {name} was deleted."), { name: deleting.name }),
      });
      setRoles((previous) => previous?.filter((role) => role.roleID !== deleting.roleID) ?? null);
    } catch (caught) {
      toast.addErrorToast(toApiError(caught).message);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  };

  if (error) return <SectionError error={error} onRetry={load} />;
  if (!roles) return <Loader />;
  return (
    <>
      <div className="dashboardToolbar">
        <Link className="button button--primary" to="/dashboard/roles/new">
          {t("New role")}
        </Link>
      </div>
      <DashboardTable columns={[t("Role"), t("Type"), t("Description")]} actions>
        {roles.map((role) => (
          <tr key={role.roleID}>
            <td>
              <Link className="dashboardTable-name" to={`/dashboard/roles/${role.roleID}`}>
                {role.name}
              </Link>
            </td>
            <td>{role.type ? t(role.type.charAt(0).toUpperCase() + role.type.slice(1)) : "—"}</td>
            <td className="dashboardTable-detail">{role.description}</td>
            <td className="dashboardTable-actions">
              <Link
                className="button button--standard button--compact"
                to={`/dashboard/roles/${role.roleID}`}
                aria-label={formatText(t("Edit {name}"), { name: role.name })}
              >
                {t("Edit")}
              </Link>
              {role.deletable && (
                <Button
                  compact
                  aria-label={formatText(t("Delete {name}"), { name: role.name })}
                  onClick={() => setDeleting(role)}
                >
                  {t("Delete")}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DashboardTable>
      <ConfirmModal
        isVisible={deleting !== null}
        title={t("Delete role")}
        confirmLabel={t("Delete")}
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {formatText(t("Delete the role {name}? Its members keep their other roles."), {
            name: deleting?.name ?? "",
          })}
        </p>
      </ConfirmModal>
    </>
  );
}
