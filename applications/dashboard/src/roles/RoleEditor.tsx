import type { Category } from "@forum/api/categories";
import type { PermissionDescription, RolePermissionsPreview } from "@forum/api/permissionCatalog";
import type { Role } from "@forum/api/roles";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { ConfirmModal } from "../shell/ConfirmModal";
import { SectionError } from "../shell/SectionError";
import { PermissionMatrix, type MatrixColumn } from "./PermissionMatrix";
import { PermissionPreview } from "./PermissionPreview";
import {
  GLOBAL_SCOPE,
  allFragments,
  categoryScope,
  changedFragments,
  grantsFromFragments,
  holds,
  withGrant,
  type RoleGrants,
  type ScopeKey,
} from "./permissionMatrixModel";
import { fetchAllCategories, fetchPermissionCatalog, fetchRole, startCategoryOverride } from "./rolesApi";
import "./roles.css";

interface Details {
  name: string;
  description: string;
  type: string;
  personalInfo: boolean;
}

interface Loaded {
  catalog: PermissionDescription[];
  categories: Category[];
  details: Details;
  grants: RoleGrants;
}

const TYPE_LABELS: Record<string, string> = {
  "": "None",
  guest: "Guest",
  unconfirmed: "Unconfirmed",
  applicant: "Applicant",
  member: "Member",
  moderator: "Moderator",
  administrator: "Administrator",
};

function detailsOf(role: Role | null): Details {
  return {
    name: role?.name ?? "",
    description: role?.description ?? "",
    type: role?.type ?? "",
    personalInfo: role?.personalInfo ?? false,
  };
}

/** The scope a category's permissions come from: its own, its nearest custom ancestor's, or the global ones. */
export function inheritedScope(category: Category, categories: readonly Category[]): ScopeKey {
  const byID = new Map(categories.map((candidate) => [candidate.categoryID, candidate]));
  for (let current: Category | undefined = category; current;) {
    if (current.customPermissions) return categoryScope(current.categoryID);
    current = current.parentCategoryID === null ? undefined : byID.get(current.parentCategoryID);
  }
  return GLOBAL_SCOPE;
}

/**
 * Create or edit a role: name, description, default type, personal-info flag and the permission matrix. Saving
 * changed grants of an existing role first shows who gains and loses what (the server's preview), then writes
 * only the changed cells (PATCH, merge), so the role's other grants never change.
 */
export function RoleEditor({ roleID }: { roleID: number | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const typeID = useId();
  const overrideID = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [details, setDetails] = useState<Details>(detailsOf(null));
  const [grants, setGrants] = useState<RoleGrants>(new Map());
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [preview, setPreview] = useState<RolePermissionsPreview | null>(null);
  const [saving, setSaving] = useState(false);
  const [overrideFor, setOverrideFor] = useState<Category | null>(null);

  const load = () => {
    setLoadError(null);
    void (async () => {
      try {
        const [catalog, categories, role] = await Promise.all([
          fetchPermissionCatalog(),
          fetchAllCategories(),
          roleID === null ? Promise.resolve(null) : fetchRole(roleID),
        ]);
        const saved = {
          catalog,
          categories,
          details: detailsOf(role),
          grants: grantsFromFragments(role?.permissions),
        };
        setLoaded(saved);
        setDetails(saved.details);
        setGrants(saved.grants);
      } catch (error) {
        setLoadError(toApiError(error));
      }
    })();
  };
  useEffect(load, [roleID]);

  if (loadError) return <SectionError error={loadError} onRetry={load} />;
  if (!loaded) return <Loader />;

  const columns: MatrixColumn[] = [
    { scope: GLOBAL_SCOPE, label: t("Global") },
    ...loaded.categories
      .filter((category) => category.customPermissions)
      .map((category) => ({ scope: categoryScope(category.categoryID), label: category.name })),
  ];
  const inheriting = loaded.categories.filter((category) => !category.customPermissions);
  const grantChanges = changedFragments(loaded.grants, grants);
  const detailsChanged = JSON.stringify(details) !== JSON.stringify(loaded.details);
  const dirty = detailsChanged || grantChanges.length > 0;
  const isNew = roleID === null;
  const nameErrors = saveError?.errors.name;
  const otherErrors =
    saveError && !nameErrors
      ? [saveError.description ? `${saveError.message} ${saveError.description}` : saveError.message]
      : [];

  const roleBody = {
    name: details.name,
    description: details.description === "" ? null : details.description,
    type: details.type === "" ? null : details.type,
    personalInfo: details.personalInfo,
  };

  const fail = (error: unknown) => {
    setSaveError(toApiError(error));
    setPreview(null);
  };

  const writeChanges = async () => {
    if (roleID === null) return;
    setSaving(true);
    try {
      if (detailsChanged) await apiv2.patch(`roles/${roleID}`, roleBody);
      if (grantChanges.length > 0) await apiv2.patch(`roles/${roleID}/permissions`, grantChanges);
      const saved = { ...loaded, details, grants };
      setLoaded(saved);
      setPreview(null);
      setSaveError(null);
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setSaveError(null);
    if (isNew) {
      setSaving(true);
      try {
        await apiv2.post<Role>("roles", { ...roleBody, permissions: allFragments(grants) });
        toast.addToast({
          type: "success",
          message: formatText(t("The role {name} was created."), { name: details.name }),
        });
        await navigate("/dashboard/roles");
      } catch (error) {
        fail(error);
      } finally {
        setSaving(false);
      }
      return;
    }
    if (grantChanges.length === 0) {
      await writeChanges();
      return;
    }
    setSaving(true);
    try {
      const answer = await apiv2.post<RolePermissionsPreview>(`roles/${roleID}/permissions/preview`, {
        mode: "merge",
        permissions: grantChanges,
      });
      setPreview(answer.data);
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const addOverride = async () => {
    if (!overrideFor) return;
    setSaving(true);
    try {
      await startCategoryOverride(
        overrideFor,
        inheritedScope(overrideFor, loaded.categories),
        loaded.catalog,
      );
      const categories = await fetchAllCategories();
      const role = roleID === null ? null : await fetchRole(roleID);
      const savedGrants = role ? grantsFromFragments(role.permissions) : grants;
      // Edits not saved yet stay; the new column starts with what the role holds there now.
      const scope = categoryScope(overrideFor.categoryID);
      const merged = new Map(grants);
      merged.set(scope, new Set(savedGrants.get(scope) ?? []));
      setLoaded({ ...loaded, categories, grants: role ? savedGrants : loaded.grants });
      setGrants(merged);
      setOverrideFor(null);
    } catch (error) {
      setOverrideFor(null);
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="roleEditor">
      <p>
        <Link to="/dashboard/roles">{t("Back to roles")}</Link>
      </p>
      <form
        className="siteSettings roleEditor-details"
        noValidate
        aria-label={t("Role")}
        onSubmit={(event) => void submit(event)}
      >
        {otherErrors.length > 0 && (
          <ul className="siteSettings-errors" role="alert">
            {otherErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <InputField
          label={t("Name")}
          required
          maxLength={100}
          value={details.name}
          errors={nameErrors}
          onChange={(event) => setDetails({ ...details, name: event.target.value })}
        />
        <InputField
          label={t("Description")}
          maxLength={500}
          value={details.description}
          onChange={(event) => setDetails({ ...details, description: event.target.value })}
        />
        <FormGroup
          label={t("Default type")}
          inputID={typeID}
          description={t(
            "Members get the role of a type when they reach that stage (registering, confirming, approval).",
          )}
        >
          <select
            id={typeID}
            className="input"
            value={details.type}
            onChange={(event) => setDetails({ ...details, type: event.target.value })}
          >
            {Object.keys(TYPE_LABELS).map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABELS[type] ?? type)}
              </option>
            ))}
          </select>
        </FormGroup>
        <Checkbox
          label={t("Membership is personal information (hidden from those who cannot see it)")}
          checked={details.personalInfo}
          onChange={(event) => setDetails({ ...details, personalInfo: event.target.checked })}
        />

        <h2 className="roleEditor-heading">{t("Permissions")}</h2>
        <p className="formGroup-description">
          {t(
            "Category columns are categories with their own permissions: there, the role has what is ticked in that column instead of its global category permissions.",
          )}
        </p>
        <PermissionMatrix
          catalog={loaded.catalog}
          columns={columns}
          grants={grants}
          onToggle={(scope, permission, granted) =>
            setGrants((previous) => withGrant(previous, scope, permission, granted))
          }
          changed={(scope, permission) =>
            holds(grants, scope, permission) !== holds(loaded.grants, scope, permission)
          }
        />
        {inheriting.length > 0 && (
          <FormGroup
            label={t("Add a category with its own permissions")}
            inputID={overrideID}
            description={t("Every role starts there with the permissions it has there now.")}
          >
            <select
              id={overrideID}
              className="input"
              value=""
              onChange={(event) =>
                setOverrideFor(
                  inheriting.find((category) => String(category.categoryID) === event.target.value) ?? null,
                )
              }
            >
              <option value="">{t("Choose a category")}</option>
              {inheriting.map((category) => (
                <option key={category.categoryID} value={category.categoryID}>
                  {"\u00a0".repeat(Math.max(0, category.depth - 1) * 2) + category.name}
                </option>
              ))}
            </select>
          </FormGroup>
        )}
        {!preview && (
          <div className="siteSettings-footer">
            <Button type="submit" variant="primary" pending={saving} disabled={!dirty}>
              {isNew ? t("Create role") : t("Save")}
            </Button>
            {dirty && (
              <span className="siteSettings-dirty" role="status">
                {t("You have unsaved changes")}
              </span>
            )}
          </div>
        )}
      </form>
      {preview && (
        <PermissionPreview
          preview={preview}
          catalog={loaded.catalog}
          columns={columns}
          saving={saving}
          onConfirm={() => void writeChanges()}
          onBack={() => setPreview(null)}
        />
      )}
      <ConfirmModal
        isVisible={overrideFor !== null}
        title={t("Category permissions")}
        confirmLabel={t("Give it its own permissions")}
        pending={saving}
        onConfirm={() => void addOverride()}
        onCancel={() => setOverrideFor(null)}
      >
        <p>
          {formatText(
            t(
              "Give {name} its own permissions? Every role keeps the access it has there now; you can then change it for this role.",
            ),
            { name: overrideFor?.name ?? "" },
          )}
        </p>
      </ConfirmModal>
    </div>
  );
}
