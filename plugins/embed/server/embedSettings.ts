import { Type } from "@sinclair/typebox";
import type { AddonSettingDeclaration } from "@library/server/addons/defineAddon";
import type { SettingsStore } from "@library/server/settings/settingsStore";

export const ALLOWED_DOMAINS_SETTING = "embed.allowedDomains";
export const COMMENTS_CATEGORY_SETTING = "embed.commentsCategoryID";
export const NEW_THREADS_PER_HOUR_SETTING = "embed.newThreadsPerHour";

/** The add-on's settings: which sites may frame the forum, and where blog comments are created. */
export const embedSettings: Record<string, AddonSettingDeclaration> = {
  [ALLOWED_DOMAINS_SETTING]: {
    type: "string",
    label: "Allowed domains",
    description: "Sites that may show the forum in a frame, separated by spaces (https://blog.example.com).",
    default: "",
    schema: Type.String({ maxLength: 4000, pattern: "^[a-zA-Z0-9:/.\\- ]*$" }),
    read: "community.manage",
    write: "community.manage",
  },
  [COMMENTS_CATEGORY_SETTING]: {
    type: "integer",
    label: "Blog comments category",
    description: "Where the discussion of an embedded blog post is created on its first view.",
    default: null,
    schema: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    read: "community.manage",
    write: "community.manage",
  },
  [NEW_THREADS_PER_HOUR_SETTING]: {
    type: "integer",
    label: "New blog discussions per address per hour",
    description:
      "How many blog posts' discussions one address may start in an hour by opening their comments (0: no limit). Moderators are not limited.",
    default: 20,
    schema: Type.Integer({ minimum: 0, maximum: 100_000 }),
    read: "community.manage",
    write: "community.manage",
  },
};

/** `https://blog.example.com:8443`, or null for anything that is not an http(s) origin. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The allowed origins, as stored (space-separated), each once. */
export function allowedOrigins(settings: SettingsStore): string[] {
  const stored = settings.peek<string>(ALLOWED_DOMAINS_SETTING);
  const origins = stored
    .split(/\s+/)
    .map((item) => originOf(item))
    .filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

export function commentsCategoryID(settings: SettingsStore): number | null {
  const value = settings.peek<number | null>(COMMENTS_CATEGORY_SETTING);
  return typeof value === "number" && value > 0 ? value : null;
}
