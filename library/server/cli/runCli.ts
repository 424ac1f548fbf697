import { parseCommandArgs } from "./parseCommandArgs";
import { hashPassword } from "../auth/passwords";
import { deleteUserSessions } from "../auth/sessions";
import { addonMigrationSets } from "../addons/loadAddons";
import type { AddonCommand } from "../addons/defineAddon";
import type { AppContext } from "../app/appContext";
import { DEFAULT_PLUGINS_DIR, discoverAddons } from "../addons/addonManifest";
import { buildApp, migrationSets } from "../app/buildApp";
import type { ServerApplication } from "../app/serverApplication";
import { seedDemoIfEmpty } from "../app/seedDemo";
import { startServer } from "../app/startServer";
import { loadConfig, type ServerConfig } from "../config/config";
import { openDatabase } from "../db/database";
import { ensureDefaultRoles } from "../db/defaultRoles";
import { migrateToLatest } from "../db/migrate";
import { HttpError } from "../errors/httpErrors";
import { createUserRecord, nameKey } from "../users/createUserRecord";
import { describeCounterChange } from "../db/counterRecount";
import { recountCounters } from "./recountCounters";
import { restoreBackup } from "./restoreBackup";

const USAGE = `Usage: npm run forum -- <command> [options]

Commands:
  migrate                      Apply every pending database migration.
  seed                         Create the demo community on an empty database (prints the admin password).
  serve                        Migrate and serve on PORT (default 3000).
  user:create --name NAME --email EMAIL --password PASSWORD [--role ROLE]
                               Create a user. ROLE is Member (default), Moderator, Site Manager or Administrator.
  user:password --name NAME --password PASSWORD
                               Set a user's password (for example the administrator's) and sign them out everywhere.
  backup                       Make a backup (the database and the uploads) in DATA_DIR/backups.
  restore FILE                 Put a backup from the dashboard into a fresh data directory (or empty database).
  recount                      Rebuild every stored counter (counts, last posts) and print what it corrected.
  settings:get KEY             Print a setting's value.
  settings:set KEY VALUE       Store a setting (VALUE as JSON, or text), checked like the dashboard's forms.
  role:grant --role NAME --permission NAME [--category ID] [--revoke]
                               Grant (or revoke) one permission; the role's other grants stay.
  user:ban --name NAME [--days N] [--reason TEXT]
                               Ban a member (their sessions end); user:unban --name NAME lifts it.
  import vanilla --from URL [--token TOKEN]
                               Copy a community from a site speaking Vanilla's API v2 (token: IMPORT_API_TOKEN too).
  import nodebb --redis URL    Copy a community from a NodeBB database. Both resume where a stopped run ended.
  <addon>:<command>            A command of an enabled add-on (search:reindex rebuilds the search index).
`;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

function requireOption(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new Error(`--${name} is required.`);
  return value;
}

async function withApp<T>(
  config: ServerConfig,
  applications: readonly ServerApplication[],
  run: (built: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const database = openDatabase(config);
  try {
    const built = await buildApp({ config: { ...config, logLevel: "error" }, database, applications });
    return await run(built);
  } finally {
    await database.destroy();
  }
}

/** A command an enabled add-on declares (`commands` of its definition). */
function findAddonCommand(context: AppContext, name: string): AddonCommand | undefined {
  for (const entry of context.addons.list()) {
    const found = entry.definition?.commands?.[name];
    if (found && context.addons.isActive(entry.manifest.key)) return found;
  }
  return undefined;
}

const BUILT_IN_COMMANDS = new Set([
  "migrate",
  "seed",
  "serve",
  "user:create",
  "user:password",
  "restore",
  "recount",
]);

/** `npm run forum -- <command>`. Returns the process exit code. */
export async function runCli(
  argv: string[],
  applications: readonly ServerApplication[],
  config: ServerConfig = loadConfig(),
  io: CliIO = processIO,
): Promise<number> {
  const [command, ...rest] = argv;
  // The built-in commands' options; commands of applications and add-ons read their own from `rest`.
  const { values, positionals } = parseCommandArgs({
    args: command !== undefined && BUILT_IN_COMMANDS.has(command) ? rest : [],
    allowPositionals: true,
    options: {
      name: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
    },
    strict: true,
  });
  try {
    switch (command) {
      case "restore": {
        const file = positionals[0];
        if (!file) throw new Error("Name the backup file: npm run forum -- restore FILE");
        await restoreBackup(config, file, (text) => io.out(text));
        return 0;
      }
      case "migrate": {
        const database = openDatabase(config);
        try {
          const applied = await migrateToLatest(database.db as never, [
            ...migrationSets(applications),
            ...(await addonMigrationSets(discoverAddons(DEFAULT_PLUGINS_DIR), (text) => io.err(text))),
          ]);
          await ensureDefaultRoles(database.db);
          io.out(
            applied.length > 0
              ? `Applied ${applied.length} migrations:\n  ${applied.join("\n  ")}`
              : "The database is up to date.",
          );
        } finally {
          await database.destroy();
        }
        return 0;
      }
      case "seed":
        return await withApp(config, applications, async ({ context }) => {
          const seeded = await seedDemoIfEmpty(context);
          io.out(
            seeded
              ? `Demo community created. Administrator: ${seeded.adminName} / ${seeded.adminPassword}`
              : "The database already has users; nothing seeded.",
          );
          return 0;
        });
      case "serve":
        await startServer(config, applications);
        return 0;
      case "user:create":
        return await withApp(config, applications, async ({ context }) => {
          const roleName = (values.role ?? "Member").trim().toLowerCase();
          const roles = await context.db.selectFrom("roles").select(["roleID", "name", "type"]).execute();
          const role = roles.find((candidate) => candidate.name.toLowerCase() === roleName);
          if (!role)
            throw new Error(
              `Unknown role "${values.role ?? ""}". Roles: ${roles.map((r) => r.name).join(", ")}.`,
            );
          const userID = await createUserRecord(context.db, {
            name: requireOption(values, "name"),
            email: requireOption(values, "email"),
            password: requireOption(values, "password"),
            roleIDs: [role.roleID],
            isAdmin: role.type === "administrator",
          });
          io.out(`Created user ${values.name ?? ""} (userID ${userID}) with the ${role.name} role.`);
          return 0;
        });
      case "recount":
        return await withApp(config, applications, async ({ context }) => {
          const changes = await recountCounters(context);
          io.out(changes.length > 0 ? changes.map(describeCounterChange).join("\n") : "nothing to change");
          return 0;
        });
      case "user:password":
        return await withApp(config, applications, async ({ context }) => {
          const name = requireOption(values, "name");
          const password = requireOption(values, "password");
          if (password.length < 8) throw new Error("The password must be at least 8 characters.");
          const user = await context.db
            .selectFrom("users")
            .select("userID")
            .where("nameKey", "=", nameKey(name))
            .executeTakeFirst();
          if (!user) throw new Error(`No user named "${name}".`);
          const hash = await hashPassword(password);
          await context.db.transaction().execute(async (trx) => {
            await trx
              .updateTable("users")
              .set({ password: hash })
              .where("userID", "=", user.userID)
              .execute();
            await deleteUserSessions(trx, user.userID);
          });
          io.out(`Password changed for ${name}.`);
          return 0;
        });
      default:
        if (!command) {
          io.err(USAGE);
          return 0;
        }
        return await withApp(config, applications, async ({ context }) => {
          const addonCommand = findAddonCommand(context, command);
          if (addonCommand) return addonCommand.run(context, io, rest);
          io.err(`Unknown command "${command}".\n\n${USAGE}`);
          return 1;
        });
    }
  } catch (error) {
    if (error instanceof HttpError) {
      const details =
        error
          .toBody()
          .errors?.map((item) => item.message)
          .join(" ") ?? "";
      io.err(`${error.message} ${details}`.trim());
    } else {
      io.err(error instanceof Error ? error.message : String(error));
    }
    return 1;
  }
}
