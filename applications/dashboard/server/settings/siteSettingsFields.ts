import type { SiteSettingField, SiteSettingsGroup, SiteSettingsGroupKey } from "@forum/api/siteSettings";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  allSettingDefinitions,
  getSettingDefinition,
  type SettingDefinition,
} from "@library/server/settings/settingsRegistry";
import { Kind, TypeGuard, type TSchema } from "@sinclair/typebox";
import { viewerReaches } from "../config/configAccess";
import type { SiteSettingPresentation } from "./siteSettingPresentation";
import { SITE_SETTINGS_GROUPS } from "./siteSettingsGroups";

type Translate = (text: string) => string;

/** The literal values of a union of literals (`"" | "partial"`), or null when the schema is anything else. */
function literalValues(schema: TSchema): string[] | null {
  if (!TypeGuard.IsUnion(schema)) return null;
  const members = schema.anyOf;
  if (!members.every((member) => member[Kind] === "Literal" && typeof member.const === "string")) return null;
  return members.map((member) => member.const as string);
}

/** The widest string member of a union (`"" | string with a pattern`), for its length bound. */
function stringMember(schema: TSchema): TSchema | null {
  if (schema[Kind] === "String") return schema;
  if (!TypeGuard.IsUnion(schema)) return null;
  return schema.anyOf.find((member) => member[Kind] === "String") ?? null;
}

/** Control and bounds of one declared setting, from its schema; the words come from the presentation. */
export function settingField(
  definition: SettingDefinition,
  presentation: SiteSettingPresentation,
  t: Translate,
): SiteSettingField {
  const { schema } = definition;
  const base = {
    key: definition.key,
    label: t(presentation.label),
    ...(presentation.description ? { description: t(presentation.description) } : {}),
    default: (definition.default ?? null) as SiteSettingField["default"],
    ...(presentation.secret ? { secret: true } : {}),
    ...(presentation.upload ? { upload: true } : {}),
  };
  if (schema[Kind] === "Boolean") return { ...base, type: "boolean", required: false };
  if (schema[Kind] === "Integer" || schema[Kind] === "Number") {
    return {
      ...base,
      type: "integer",
      required: true,
      ...(typeof schema.minimum === "number" ? { minimum: schema.minimum } : {}),
      ...(typeof schema.maximum === "number" ? { maximum: schema.maximum } : {}),
    };
  }
  const literals = literalValues(schema);
  if (literals) {
    const labels = new Map((presentation.options ?? []).map((option) => [option.value, option.label]));
    return {
      ...base,
      type: "enum",
      required: true,
      options: literals.map((value) => ({ value, label: t(labels.get(value) ?? value) })),
    };
  }
  const text = stringMember(schema);
  const maxLength = typeof text?.maxLength === "number" ? text.maxLength : undefined;
  return {
    ...base,
    type: presentation.multiline ? "text" : "string",
    required: schema[Kind] === "String" && typeof schema.minLength === "number" && schema.minLength > 0,
    ...(maxLength !== undefined ? { maxLength } : {}),
  };
}

/** A field is on the screen when its setting exists, its owner runs, and the viewer may both read and write it. */
function shown(context: AppContext, viewer: Viewer, definition: SettingDefinition, secret: boolean): boolean {
  if (!context.addons.isActive(definition.owner ?? "core")) return false;
  if (!viewerReaches(viewer, definition.write)) return false;
  return secret || viewerReaches(viewer, definition.read);
}

/** One settings screen for this viewer: the declared settings of the group they may change, in order. */
export function siteSettingsGroup(
  context: AppContext,
  viewer: Viewer,
  key: SiteSettingsGroupKey,
  t: Translate,
): SiteSettingsGroup {
  const group = SITE_SETTINGS_GROUPS.find((candidate) => candidate.key === key);
  const fields: SiteSettingField[] = [];
  if (!group) return { key, label: key, fields };
  for (const presentation of group.fields) {
    const definition = getSettingDefinition(presentation.key);
    if (definition && shown(context, viewer, definition, presentation.secret === true))
      fields.push(settingField(definition, presentation, t));
  }
  const prefix = group.prefix;
  if (prefix) {
    const matching = allSettingDefinitions()
      .filter((definition) => definition.key.startsWith(prefix.key))
      .sort((a, b) => a.key.localeCompare(b.key));
    for (const definition of matching) {
      if (!shown(context, viewer, definition, false)) continue;
      const name = definition.key.slice(prefix.key.length);
      fields.push(
        settingField(
          definition,
          {
            key: definition.key,
            label: t(prefix.label).replace("%s", name),
            description: prefix.description,
          },
          t,
        ),
      );
    }
  }
  return { key, label: t(group.label), fields };
}
