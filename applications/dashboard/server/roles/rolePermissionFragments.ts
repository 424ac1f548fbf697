import type { ValidationErrorItem } from "@forum/api/common";
import type { PermissionFragment } from "@forum/api/users";
import { isCategoryPermissionName, isPermissionName } from "@library/server/permissions/permissionNames";

export interface GrantRow {
  resourceType: string;
  resourceID: number;
  permission: string;
}

const RESOURCE_TYPES = new Set(["category"]);

function fragmentErrors(fragment: PermissionFragment, index: number): ValidationErrorItem[] {
  const path = `permissions[${index}]`;
  const errors: ValidationErrorItem[] = [];
  if (fragment.type === "global") {
    if (fragment.id !== null)
      errors.push({ field: `${path}.id`, code: "invalid", message: "A global grant has no id." });
  } else if (!RESOURCE_TYPES.has(fragment.type)) {
    errors.push({
      field: `${path}.type`,
      code: "enum",
      message: `Unknown permission type "${fragment.type}".`,
    });
  } else if (fragment.id === null || fragment.id < 1) {
    errors.push({
      field: `${path}.id`,
      code: "required",
      message: `A ${fragment.type} grant needs the ${fragment.type} id.`,
    });
  }
  for (const name of Object.keys(fragment.permissions)) {
    const allowed = fragment.type === "global" ? isPermissionName(name) : isCategoryPermissionName(name);
    if (!allowed) {
      errors.push({
        field: `${path}.permissions.${name}`,
        code: "enum",
        message: `Unknown permission "${name}".`,
      });
    }
  }
  return errors;
}

/** Checks PermissionFragment[] (422 items keyed `permissions[i]…`) and turns the `true` grants into rows. */
export function grantRowsFromFragments(fragments: readonly PermissionFragment[]): {
  rows: GrantRow[];
  errors: ValidationErrorItem[];
} {
  const errors = fragments.flatMap((fragment, index) => fragmentErrors(fragment, index));
  const unique = new Map<string, GrantRow>();
  for (const fragment of fragments) {
    const resourceID = fragment.type === "global" ? 0 : (fragment.id ?? 0);
    for (const [permission, granted] of Object.entries(fragment.permissions)) {
      if (granted)
        unique.set(`${fragment.type}:${resourceID}:${permission}`, {
          resourceType: fragment.type,
          resourceID,
          permission,
        });
    }
  }
  return { rows: [...unique.values()], errors };
}
