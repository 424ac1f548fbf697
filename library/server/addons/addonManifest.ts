import fs from "node:fs";
import path from "node:path";
import type { AddonType } from "@forum/api/addons";
import { REPOSITORY_ROOT, RUNS_COMPILED, SERVER_BUILD_DIR } from "../app/repositoryRoot";
import type { AddonDefinition } from "./defineAddon";
import { errorText } from "../errors/errorMessage";

/** `plugins/<key>/addon.json`. */
export interface AddonManifest {
  key: string;
  name: string;
  description: string;
  version: string;
  type: AddonType;
  /** Keys of add-ons that must be enabled first. */
  requires: string[];
  /** Keys of add-ons that cannot be enabled at the same time. */
  conflicts: string[];
  /** Enabled on a site that never chose (default false). */
  defaultEnabled: boolean;
  /** The server module, relative to the add-on folder (default `server/<key>Addon.ts`). */
  server: string;
  /** Icon under the add-on's folder, served at `/plugins/<key>/<icon>` (optional). */
  icon: string | null;
}

/** An add-on found on disk (or given by a test): its manifest and how to load its server part. */
export interface AddonPackage {
  manifest: AddonManifest;
  /** Loads the definition; a throw (bad module, syntax error) marks the add-on failed. */
  load(): AddonDefinition | Promise<AddonDefinition>;
}

const KEY = /^[a-z][a-z0-9-]{0,49}$/;

function stringList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((item): item is string => typeof item === "string")) return value;
  // `{"key": "constraint"}` as in other manifests: the keys are the add-ons.
  if (value && typeof value === "object") return Object.keys(value);
  throw new Error(`addon.json: "${field}" must be a list of add-on keys.`);
}

/** Validates a parsed `addon.json`; throws with a message that names the bad field. */
export function parseManifest(raw: unknown): AddonManifest {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("addon.json must be an object.");
  const json = raw as Record<string, unknown>;
  const key = json.key;
  if (typeof key !== "string" || !KEY.test(key))
    throw new Error('addon.json: "key" must be lower-case letters, digits and dashes.');
  const text = (field: string, fallback?: string): string => {
    const value = json[field] ?? fallback;
    if (typeof value !== "string") throw new Error(`addon.json: "${field}" must be a string.`);
    return value;
  };
  const type = text("type", "addon");
  if (type !== "addon" && type !== "theme" && type !== "locale")
    throw new Error('addon.json: "type" must be addon, theme or locale.');
  return {
    key,
    name: text("name"),
    description: text("description", ""),
    version: text("version", "0.0.0"),
    type,
    requires: stringList(json.requires, "requires"),
    conflicts: stringList(json.conflicts, "conflicts"),
    defaultEnabled: json.defaultEnabled === true,
    server: text("server", `server/${key}Addon.ts`),
    icon: typeof json.icon === "string" ? json.icon : null,
  };
}

function findDefinition(module: Record<string, unknown>, key: string): AddonDefinition {
  const candidates = Object.values(module).filter(
    (value): value is AddonDefinition =>
      !!value && typeof value === "object" && (value as { key?: unknown }).key === key,
  );
  const definition = candidates[0];
  if (!definition) throw new Error(`The server module exports no defineAddon({ key: "${key}" }).`);
  return definition;
}

/**
 * Every `plugins/<folder>/addon.json` under `pluginsDir`, in folder order. A folder whose manifest is invalid is
 * returned as a package whose `load` throws, so the add-on shows as failed with the reason.
 */
export function discoverAddons(pluginsDir: string): AddonPackage[] {
  if (!fs.existsSync(pluginsDir)) return [];
  const folders = fs
    .readdirSync(pluginsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(pluginsDir, entry.name, "addon.json")))
    .map((entry) => entry.name)
    .sort();
  return folders.map((folder): AddonPackage => {
    const dir = path.join(pluginsDir, folder);
    let manifest: AddonManifest;
    try {
      manifest = parseManifest(JSON.parse(fs.readFileSync(path.join(dir, "addon.json"), "utf8")));
    } catch (error) {
      const message = errorText(error);
      return {
        manifest: parseManifest({ key: folder.toLowerCase().replace(/[^a-z0-9-]/g, "-"), name: folder }),
        load: () => {
          throw new Error(message);
        },
      };
    }
    return {
      manifest,
      load: () => {
        // `require` keeps a module that throws while loading from taking the others down.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const module = require(serverModulePath(path.join(dir, manifest.server))) as Record<string, unknown>;
        return findDefinition(module, manifest.key);
      },
    };
  });
}

let typeScriptLoaderRegistered = false;

/**
 * The file to load for an add-on's server module (`plugins/<key>/server/<key>Addon.ts`): run from the sources,
 * the TypeScript itself (the server's loader compiles it); run compiled, its JavaScript in build/server/. An
 * add-on the build has not seen (copied in since) falls back to its TypeScript through the TypeScript loader.
 */
export function serverModulePath(source: string): string {
  if (!RUNS_COMPILED) return source;
  const relative = path.relative(REPOSITORY_ROOT, source);
  const compiled = path.join(SERVER_BUILD_DIR, relative).replace(/\.tsx?$/, ".js");
  if (!relative.startsWith("..") && fs.existsSync(compiled)) return compiled;
  if (!typeScriptLoaderRegistered) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require("tsx/cjs/api") as { register: () => unknown }).register();
    typeScriptLoaderRegistered = true;
  }
  return source;
}

/** The repository's `plugins/` folder (manifests, icons and sources; compiled modules are found from there). */
export const DEFAULT_PLUGINS_DIR = path.join(REPOSITORY_ROOT, "plugins");
