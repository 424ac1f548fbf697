import type { TranslationServiceWithConfig } from "@forum/api/translationServices";
import { Type, type TObject } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { ValidationErrorItem } from "@forum/api/common";
import type { Db } from "../db/database";
import { ValidationError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";
import type { MachineTranslationConfig, MachineTranslationService } from "./machineTranslation";
import "./translationTables";

export interface StoredServiceConfig {
  config: MachineTranslationConfig;
  isDefault: boolean;
}

function parseConfig(json: string): MachineTranslationConfig {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/** Every stored service configuration, by type. */
export async function readServiceConfigs(db: Db): Promise<Map<string, StoredServiceConfig>> {
  const rows = await db.selectFrom("translationServiceConfigs").selectAll().execute();
  return new Map(
    rows.map((row) => [row.type, { config: parseConfig(row.config), isDefault: row.isDefault === 1 }]),
  );
}

/** The schema a PUT body is checked against: the service's own, plus `isDefault`. */
export function putSchemaOf(service: MachineTranslationService): TObject {
  return Type.Object({ ...service.configSchema.properties, isDefault: Type.Optional(Type.Boolean()) });
}

/** API.md 22 translation service: secrets never leave; `config` holds the other stored values. */
export function presentService(
  service: MachineTranslationService,
  stored: StoredServiceConfig | undefined,
): TranslationServiceWithConfig {
  const secrets = new Set(service.secretFields ?? []);
  const config = Object.fromEntries(
    Object.entries(stored?.config ?? {}).filter(([field]) => !secrets.has(field)),
  );
  return {
    type: service.type,
    name: service.name,
    isConfigured: service.isConfigured(stored?.config ?? null),
    isDefault: stored?.isDefault ?? false,
    configSchema: JSON.parse(JSON.stringify(putSchemaOf(service))) as Record<string, unknown>,
    config,
  };
}

/**
 * Checks a PUT body against the service's schema (422, errors by field) and stores it in one transaction: a
 * secret left out keeps its stored value; `isDefault: true` makes this the only default service.
 */
export async function saveServiceConfig(
  db: Db,
  service: MachineTranslationService,
  body: Record<string, unknown>,
): Promise<void> {
  const schema = putSchemaOf(service);
  const errors: ValidationErrorItem[] = [...Value.Errors(schema, body)].map((error) => ({
    field: error.path.replace(/^\//, "").replace(/\//g, ".") || "body",
    code: "invalid",
    message: error.message,
  }));
  if (errors.length > 0) throw new ValidationError(errors);
  const { isDefault, ...given } = body;
  const known = new Set(Object.keys(service.configSchema.properties));
  const config = Object.fromEntries(Object.entries(given).filter(([field]) => known.has(field)));
  await db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom("translationServiceConfigs")
      .selectAll()
      .where("type", "=", service.type)
      .executeTakeFirst();
    const before = stored ? parseConfig(stored.config) : {};
    for (const secret of service.secretFields ?? [])
      if (!(secret in config) && secret in before) config[secret] = before[secret];
    const defaultFlag = isDefault === undefined ? (stored?.isDefault ?? 0) : isDefault === true ? 1 : 0;
    if (defaultFlag === 1)
      await trx
        .updateTable("translationServiceConfigs")
        .set({ isDefault: 0 })
        .where("type", "!=", service.type)
        .execute();
    const row = { config: JSON.stringify(config), isDefault: defaultFlag, dateUpdated: nowIso() };
    await trx
      .insertInto("translationServiceConfigs")
      .values({ type: service.type, ...row })
      .onConflict((conflict) => conflict.column("type").doUpdateSet(row))
      .execute();
  });
}
