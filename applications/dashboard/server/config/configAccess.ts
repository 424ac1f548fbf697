import type { ValidationErrorItem } from "@forum/api/common";
import type { AppContext } from "@library/server/app/appContext";
import { PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  allSettingDefinitions,
  getSettingDefinition,
  type SettingLevel,
} from "@library/server/settings/settingsRegistry";
import { Value } from "@sinclair/typebox/value";
import { settingErrorMessage } from "./settingErrorMessages";

export const READ_ONLY_SETTING_MESSAGE = "This setting cannot be changed.";

/** A failed add-on's settings are not offered: writing one is refused like an unknown key. */
function addonFailedMessage(context: AppContext, owner: string | undefined): string {
  const name = (owner && context.addons.get(owner)?.manifest.name) ?? owner ?? "core";
  return `${name} failed to load; its settings cannot be changed.`;
}

/** API.md 20 levels: `public` is everyone, `member` the signed-in, others a permission; `none` is nobody. */
export function viewerReaches(viewer: Viewer, level: SettingLevel): boolean {
  if (level === "public") return true;
  if (level === "none") return false;
  if (level === "member") return viewer.has("session.valid");
  return viewer.has(level);
}

function patternMatcher(pattern: string): RegExp {
  const escaped = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${escaped}$`, "i");
}

/** `GET /config`: the readable keys matching any pattern (all readable keys without `select`). */
export async function readConfig(
  context: AppContext,
  viewer: Viewer,
  select: readonly string[] | undefined,
): Promise<Record<string, unknown>> {
  const matchers = select?.map(patternMatcher);
  const values = await context.settings.all();
  const result: Record<string, unknown> = {};
  for (const definition of allSettingDefinitions()) {
    if (!viewerReaches(viewer, definition.read)) continue;
    // A disabled add-on's settings are not read out (PATCH can still prepare them).
    if (!context.addons.isActive(definition.owner ?? "core")) continue;
    if (matchers && !matchers.some((matcher) => matcher.test(definition.key))) continue;
    result[definition.key] = values[definition.key];
  }
  return result;
}

/**
 * `PATCH /config`: unknown keys, keys of a failed add-on and read-only keys (write level `none`) are 422 on that key (DECISION: a
 * read-only key is a fault of the request, not of the caller's rank); then any key the viewer may not write
 * is 403; then each value must pass its schema (422 on the key). Nothing is written unless all pass, and
 * everything is written in one transaction.
 */
export async function patchConfig(
  context: AppContext,
  viewer: Viewer,
  values: Record<string, unknown>,
): Promise<void> {
  const entries = Object.entries(values);
  const unknownKeys: ValidationErrorItem[] = [];
  for (const [key] of entries) {
    const definition = getSettingDefinition(key);
    if (!definition) unknownKeys.push({ field: key, code: "unknown", message: `Unknown setting "${key}".` });
    else if (context.addons.failed(definition.owner ?? "core"))
      unknownKeys.push({
        field: key,
        code: "addonFailed",
        message: addonFailedMessage(context, definition.owner),
      });
    else if (definition.write === "none")
      unknownKeys.push({ field: key, code: "readOnly", message: READ_ONLY_SETTING_MESSAGE });
  }
  if (unknownKeys.length > 0) throw new ValidationError(unknownKeys);

  const missing = new Set<string>();
  for (const [key] of entries) {
    const level = getSettingDefinition(key)?.write ?? "none";
    if (!viewerReaches(viewer, level)) missing.add(level === "member" ? "session.valid" : level);
  }
  if (missing.size > 0) throw new PermissionError([...missing]);

  const invalid: ValidationErrorItem[] = [];
  for (const [key, value] of entries) {
    const schema = getSettingDefinition(key)?.schema;
    if (!schema || Value.Check(schema, value)) continue;
    invalid.push({
      field: key,
      code: "invalid",
      message: settingErrorMessage(Value.Errors(schema, value).First()),
    });
  }
  if (invalid.length > 0) throw new ValidationError(invalid);

  if (entries.length === 0) return;
  await context.db.transaction().execute(async (trx) => {
    await context.settings.write(trx, values, viewer.userID);
  });
}
