import { Type, type TSchema } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Fastify from "fastify";
import type { AppContext } from "../app/appContext";
import type { ServerApplication } from "../app/serverApplication";
import type { Db } from "../db/database";
import type { MigrationSet } from "../db/migrate";
import { declarePermissionName } from "../permissions/permissionNames";
import { defineSetting, getSettingDefinition } from "../settings/settingsRegistry";
import type { AddonPackage } from "./addonManifest";
import { collectingRegistrar, emptyRegistrations, type CollectedRegistrations } from "./addonRegistrar";
import type { AddonRuntime, AddonEntry } from "./addonRuntime";
import type {
  AddonDefinition,
  AddonSettingDeclaration,
  ApiRoutesPlugin,
  PermissionDefaultLevel,
} from "./defineAddon";
import { requirementOrder } from "./requirementOrder";
import { errorText } from "../errors/errorMessage";

/**
 * The core applications as entries (always on) and the add-on packages, each loaded in isolation, every add-on
 * after the ones it requires; a missing requirement or a cycle marks the add-ons concerned failed.
 */
export async function loadAddonEntries(
  runtime: AddonRuntime,
  applications: readonly ServerApplication[],
  packages: readonly AddonPackage[],
  version: string,
): Promise<void> {
  for (const application of applications)
    runtime.add({
      manifest: {
        key: application.key,
        name: application.name,
        description: application.description ?? "",
        version,
        type: "addon",
        requires: [],
        conflicts: [],
        defaultEnabled: true,
        server: "",
        icon: null,
      },
      definition: application,
      core: true,
      error: null,
    });
  const names = new Map(
    packages.map((addonPackage) => [addonPackage.manifest.key, addonPackage.manifest.name]),
  );
  const { ordered, problems } = requirementOrder(
    packages,
    new Set(applications.map((application) => application.key)),
    (key) => names.get(key) ?? key,
  );
  for (const addonPackage of ordered) {
    const entry: AddonEntry = { manifest: addonPackage.manifest, definition: null, core: false, error: null };
    if (runtime.get(entry.manifest.key)) {
      entry.manifest = { ...entry.manifest, key: `${entry.manifest.key}-duplicate` };
      runtime.add(entry);
      runtime.fail(
        entry.manifest.key,
        new Error(`Another add-on already has the key "${addonPackage.manifest.key}".`),
      );
      continue;
    }
    runtime.add(entry);
    const problem = problems.get(entry.manifest.key);
    if (problem) {
      runtime.fail(entry.manifest.key, new Error(problem));
      continue;
    }
    const failedRequirement = entry.manifest.requires.find((key) => runtime.get(key)?.error);
    if (failedRequirement) {
      runtime.fail(
        entry.manifest.key,
        new Error(`It requires ${names.get(failedRequirement) ?? failedRequirement}, which failed to load.`),
      );
      continue;
    }
    try {
      entry.definition = await addonPackage.load();
    } catch (error) {
      runtime.fail(entry.manifest.key, error);
    }
  }
}

function settingSchema(setting: AddonSettingDeclaration): TSchema {
  if (setting.schema) return setting.schema;
  switch (setting.type) {
    case "boolean":
      return Type.Boolean();
    case "integer":
      return Type.Integer();
    case "enum":
      return Type.Union((setting.options ?? []).map((option) => Type.Literal(option.value)));
    case "string":
      return Type.String({ maxLength: 500 });
    case "text":
      return Type.String({ maxLength: 10_000 });
  }
}

/** Settings and permission names an add-on declares become known to the settings store and the role editor. */
function declareStatics(definition: AddonDefinition, owner: string): void {
  for (const [key, setting] of Object.entries(definition.settings ?? {}))
    if (!getSettingDefinition(key))
      defineSetting({
        key,
        schema: settingSchema(setting),
        default: setting.default,
        read: setting.read ?? "public",
        write: setting.write ?? "site.manage",
        owner,
      });
  for (const [name, permission] of Object.entries(definition.permissions ?? {}))
    declarePermissionName(name, permission.scope ?? "global");
}

/**
 * Runs every entry's `register` against a collecting registrar: a throw fails that add-on and nothing leaks. An
 * add-on whose migration failed registers too (inert while failed), so a retry brings it back without a restart.
 */
export async function collectRegistrations(
  runtime: AddonRuntime,
  context: AppContext,
): Promise<Map<string, CollectedRegistrations>> {
  const collected = new Map<string, CollectedRegistrations>();
  for (const entry of runtime.list()) {
    if ((entry.error && !entry.retryable) || !entry.definition) continue;
    const into = emptyRegistrations();
    try {
      declareStatics(entry.definition, entry.core ? "core" : entry.manifest.key);
      await entry.definition.register?.(collectingRegistrar(into), context);
      collected.set(entry.manifest.key, into);
    } catch (error) {
      runtime.fail(entry.manifest.key, error);
    }
  }
  return collected;
}

/** Counters, title-bar items and platform extensions go into the app's registries, tagged with their owner. */
export async function applyRegistrations(
  runtime: AddonRuntime,
  context: AppContext,
  collected: Map<string, CollectedRegistrations>,
): Promise<void> {
  for (const [owner, registrations] of collected) {
    try {
      for (const declaration of registrations.meCounts) context.meCounts.register(declaration, owner);
      for (const item of registrations.titleBarItems) context.titleBarItems.add(item, owner);
      for (const declaration of registrations.discussionTypes)
        context.discussionTypes.add(declaration, owner);
      for (const { record, extender } of registrations.presenters)
        context.recordExtenders.add(record, extender, owner);
      for (const extension of registrations.extensions) await extension(context, owner);
    } catch (error) {
      runtime.fail(owner, error);
    }
  }
}

/** API.md 1.9 404 for an add-on route while the add-on is off. */
function sendDisabledApi(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({
    message: "Not Found",
    status: 404,
    description: `No endpoint ${request.method} ${request.url.split("?")[0] ?? ""}.`,
  });
}

/**
 * Runs an owner's route plugins against a throwaway server first. A plugin that throws (at once, later, or in a
 * scope it registers) would otherwise fail the whole app's start, and leave half-registered routes that crash on
 * their first request; tried out alone, its error is that owner's alone. Resolves with the error, or null.
 */
async function tryRoutes(
  plugins: readonly ApiRoutesPlugin[],
  context: AppContext,
  prefix: string,
): Promise<unknown> {
  const probe = Fastify({ logger: false });
  // Route schemas are not compiled while trying routes out: only whether the plugins run matters.
  probe.setValidatorCompiler(() => () => true);
  probe.setSerializerCompiler(() => (data) => JSON.stringify(data));
  try {
    await probe.register(
      async (scope) => {
        for (const plugin of plugins) await plugin(scope, context);
      },
      { prefix },
    );
    await probe.ready();
    return null;
  } catch (error) {
    return error;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

/**
 * Registers collected routes in one scope per owner; while the owner is not active its routes answer 404 (the
 * API body, or the 404 page), so enabling and disabling need no restart. An owner whose routes throw is marked
 * failed (with its error) and left out; the others and the site start.
 */
export async function registerAddonRoutes(
  server: FastifyInstance,
  runtime: AddonRuntime,
  collected: Map<string, CollectedRegistrations>,
  context: AppContext,
  kind: "api" | "pages",
  sendNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): Promise<void> {
  for (const [owner, registrations] of collected) {
    const plugins = kind === "api" ? registrations.apiRoutes : registrations.pageRoutes;
    const entry = runtime.get(owner);
    if (plugins.length === 0 || (entry?.error && !entry.retryable)) continue;
    const error = await tryRoutes(plugins, context, server.prefix);
    if (error) {
      runtime.fail(owner, error);
      continue;
    }
    server.register(async (scope) => {
      scope.addHook("onRequest", async (request, reply) => {
        if (runtime.isActive(owner)) return;
        if (kind === "api") return sendDisabledApi(request, reply);
        await sendNotFoundPage(request, reply);
        return reply;
      });
      for (const plugin of plugins) await plugin(scope, context);
    });
    // Should it fail here all the same (a route another owner already has), the error is this owner's alone.
    server.after((routesError) => {
      if (routesError) runtime.fail(owner, routesError);
    });
    await server.after();
  }
}

const MARKERS: Record<PermissionDefaultLevel, string> = {
  reader: "profiles.view",
  member: "session.valid",
  moderator: "community.moderate",
  manager: "community.manage",
  administrator: "site.manage",
};

/**
 * Grants each running add-on's declared permissions to the roles of their default level, once per permission
 * ever (the `addons` row remembers), so an administrator's later change is never undone.
 */
export async function seedAddonPermissions(runtime: AddonRuntime, db: Db): Promise<boolean> {
  let granted = false;
  for (const entry of runtime.list()) {
    const permissions = Object.entries(entry.definition?.permissions ?? {});
    if (entry.core || permissions.length === 0 || !runtime.isActive(entry.manifest.key)) continue;
    const key = entry.manifest.key;
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("addons").selectAll().where("key", "=", key).executeTakeFirst();
      const seeded = new Set<string>(row ? (JSON.parse(row.seededPermissions) as string[]) : []);
      const pending = permissions.filter(([name, permission]) => permission.default && !seeded.has(name));
      if (pending.length === 0) return;
      for (const [name, permission] of pending) {
        const marker = MARKERS[permission.default ?? "administrator"];
        const roles = await trx
          .selectFrom("rolePermissions")
          .select("roleID")
          .where("resourceType", "=", "global")
          .where("permission", "=", marker)
          .execute();
        for (const { roleID } of roles) {
          const held = await trx
            .selectFrom("rolePermissions")
            .select("roleID")
            .where("roleID", "=", roleID)
            .where("resourceType", "=", "global")
            .where("resourceID", "=", 0)
            .where("permission", "=", name)
            .executeTakeFirst();
          if (!held)
            await trx
              .insertInto("rolePermissions")
              .values({ roleID, resourceType: "global", resourceID: 0, permission: name })
              .execute();
        }
        seeded.add(name);
      }
      const values = {
        seededPermissions: JSON.stringify([...seeded]),
        dateUpdated: new Date().toISOString(),
      };
      if (row) await trx.updateTable("addons").set(values).where("key", "=", key).execute();
      else
        await trx
          .insertInto("addons")
          .values({ key, enabled: 1, updateUserID: null, ...values })
          .execute();
      granted = true;
    });
  }
  return granted;
}

/** Migration sets of the add-ons that load (for `npm run forum -- migrate`); the others are reported. */
export async function addonMigrationSets(
  packages: readonly AddonPackage[],
  report: (message: string) => void,
): Promise<MigrationSet[]> {
  const sets: MigrationSet[] = [];
  for (const addonPackage of packages) {
    try {
      const definition = await addonPackage.load();
      if (definition.migrations) sets.push({ owner: definition.key, migrations: definition.migrations });
    } catch (error) {
      report(`The ${addonPackage.manifest.key} add-on failed to load: ${errorText(error)}`);
    }
  }
  return sets;
}
