import type { TSchema } from "@sinclair/typebox";
import type { PlatformContext } from "../app/platformContext";
import type { CounterChange } from "../db/counterRecount";
import type { MigrationSet } from "../db/migrate";
import type { SettingLevel } from "../settings/settingsRegistry";
import type { AddonRegistrar } from "./addonRegistrar";

/** A typed, labelled setting: stored like every setting (`GET/PATCH /config`), and rendered as a form field. */
export interface AddonSettingDeclaration {
  type: "string" | "text" | "integer" | "boolean" | "enum";
  label: string;
  description?: string;
  default: string | number | boolean | null;
  /** For `enum`. */
  options?: { value: string; label: string }[];
  /** Extra validation (lengths, ranges); the type above is always checked. */
  schema?: TSchema;
  /** Who may read it (default `public`) and write it (default `site.manage`). */
  read?: SettingLevel;
  write?: SettingLevel;
}

/**
 * Who holds a declared permission when the add-on is first enabled: every role that holds the core marker of
 * that level (member: `session.valid`; moderator: `community.moderate`; manager: `community.manage`;
 * administrator: `site.manage`). Administrators pass every check anyway.
 */
/** Who gets a declared permission when its add-on first runs: `reader` is every role that may read the site, guests included. */
export type PermissionDefaultLevel = "reader" | "member" | "moderator" | "manager" | "administrator";

export interface AddonPermissionDeclaration {
  label: string;
  /** `global` (default) or `category` (can also be granted per category). */
  scope?: "global" | "category";
  default: PermissionDefaultLevel | null;
}

/** A command of `npm run forum -- <name>`, run against the built app while its add-on is enabled. */
export interface AddonCommand {
  description: string;
  /** `args`: what follows the command's name on the command line. */
  run(
    context: PlatformContext,
    io: { out(text: string): void; err(text: string): void },
    args?: readonly string[],
  ): Promise<number>;
}

export type { ApiRoutesPlugin, PageRoutesPlugin } from "./addonRegistrar";

/**
 * Everything an add-on (or a core application) adds to the platform. Static parts are plain data; the
 * `register` function adds the rest through the registrar. The core never names an add-on.
 */
export interface AddonDefinition {
  key: string;
  /** Frozen migrations, owner = `key` (table `migrations_<key>`). */
  migrations?: MigrationSet["migrations"];
  settings?: Record<string, AddonSettingDeclaration>;
  permissions?: Record<string, AddonPermissionDeclaration>;
  register?(registrar: AddonRegistrar, context: PlatformContext): void | Promise<void>;
  /** Demo content for a fresh database; runs after the core seed, in load order. */
  seedDemo?(context: PlatformContext): Promise<void>;
  /**
   * Rebuilds every counter the add-on stores (counts, last-post fields) from the rows they count, writes the
   * ones that differ and returns them (`npm run forum -- recount`).
   */
  recount?(context: PlatformContext): Promise<CounterChange[]>;
  /** Commands of `npm run forum -- <name>` (names carry the add-on's key: `search:reindex`). */
  commands?: Record<string, AddonCommand>;
}

/** Declares an add-on. Identity function: it exists so the definition is type-checked where it is written. */
export function defineAddon(definition: AddonDefinition): AddonDefinition {
  return definition;
}
