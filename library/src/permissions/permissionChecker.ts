import type { PermissionsResponse } from "@forum/api/users";
import { LoadStatus, type Loadable } from "@library/src/loadable/loadable";

/**
 * - global: only the global grant.
 * - resource: only the grant on the given resource.
 * - globalOrResource: the global grant or a resource grant (the given one, or any of that type without an id).
 * - resourceIfJunction: the resource grant when the (alias-mapped) resource is in the junction list, else the global one.
 */
export type PermissionMode = "global" | "resource" | "globalOrResource" | "resourceIfJunction";

export interface PermissionCheckOptions {
  /** Resource type of the grant, e.g. "category" (the default). */
  resourceType?: string;
  resourceID?: number | null;
  /** Defaults: resourceIfJunction with a resource id, globalOrResource without. */
  mode?: PermissionMode;
  /** Per-record overrides that replace the global grant for this check. */
  overrides?: Record<string, boolean>;
}

export interface PermissionContext {
  permissions: Loadable<PermissionsResponse>;
  /** Whether the current session belongs to a signed-in user (grants `session.valid`). */
  isSignedIn?: boolean;
}

export const SYSTEM_PERMISSION = "system.only";
export const SESSION_PERMISSION = "session.valid";
const DEFAULT_RESOURCE_TYPE = "category";

function holdsAny(grants: Record<string, boolean> | undefined, requested: readonly string[]): boolean {
  if (!grants) return false;
  return requested.some((permission) => grants[permission] === true);
}

function globalGrants(data: PermissionsResponse): Record<string, boolean> | undefined {
  return data.permissions.find((fragment) => fragment.type === "global" || fragment.id === null)?.permissions;
}

function resourceGrants(
  data: PermissionsResponse,
  type: string,
  id: number,
): Record<string, boolean> | undefined {
  return data.permissions.find((fragment) => fragment.type === type && fragment.id === id)?.permissions;
}

function anyResourceHolds(data: PermissionsResponse, type: string, requested: readonly string[]): boolean {
  return data.permissions.some(
    (fragment) => fragment.type === type && fragment.id !== null && holdsAny(fragment.permissions, requested),
  );
}

/** Map a resource id through the junction aliases (e.g. a subcategory sharing its parent's grants). */
export function resolveJunctionID(data: PermissionsResponse, type: string, id: number): number {
  return data.junctionAliases?.[type]?.[String(id)] ?? id;
}

export function isInJunctions(data: PermissionsResponse, type: string, id: number): boolean {
  return data.junctions?.[type]?.includes(resolveJunctionID(data, type, id)) ?? false;
}

/** SPEC 6: true if the user holds ANY of the requested permissions in the scope the mode picks. */
export function checkPermission(
  context: PermissionContext,
  permission: string | readonly string[],
  options: PermissionCheckOptions = {},
): boolean {
  if (context.permissions.status !== LoadStatus.SUCCESS) return false;
  const data = context.permissions.data;
  if (data.isAdmin) return true;

  const requested = typeof permission === "string" ? [permission] : permission;
  if (requested.length === 0) return false;
  const global = options.overrides ?? globalGrants(data);
  if (globalGrants(data)?.[SYSTEM_PERMISSION] === true) return true;
  if (context.isSignedIn && requested.includes(SESSION_PERMISSION)) return true;

  const type = options.resourceType ?? DEFAULT_RESOURCE_TYPE;
  const resourceID = options.resourceID ?? null;
  const mode = options.mode ?? (resourceID === null ? "globalOrResource" : "resourceIfJunction");
  const checkGlobal = () => holdsAny(global, requested);
  const checkResource = (id: number) => holdsAny(resourceGrants(data, type, id), requested);

  switch (mode) {
    case "global":
      return checkGlobal();
    case "resource":
      return resourceID !== null && checkResource(resolveJunctionID(data, type, resourceID));
    case "globalOrResource":
      if (checkGlobal()) return true;
      return resourceID === null
        ? anyResourceHolds(data, type, requested)
        : checkResource(resolveJunctionID(data, type, resourceID));
    case "resourceIfJunction":
      if (resourceID !== null && isInJunctions(data, type, resourceID)) {
        return checkResource(resolveJunctionID(data, type, resourceID));
      }
      return checkGlobal();
  }
}
