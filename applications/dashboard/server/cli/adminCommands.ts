import path from "node:path";
import { parseCommandArgs } from "@library/server/cli/parseCommandArgs";
import type { AddonCommand } from "@library/server/addons/defineAddon";
import type { AppContext } from "@library/server/app/appContext";
import { getSettingDefinition } from "@library/server/settings/settingsRegistry";
import { Viewer } from "@library/server/permissions/viewer";
import { nameKey } from "@library/server/users/createUserRecord";
import { backupsDir, makeBackup } from "../backups/backupFiles";
import { patchConfig } from "../config/configAccess";
import { writeRolePermissions } from "../roles/rolesCommands";
import { setUserBan } from "../users/userBans";

/**
 * The emergency kit on the command line (`npm run forum -- <command>`): what an administrator locked out of the
 * dashboard needs. Each runs the same checks as its API call (setting validation, the last-administrator
 * rule, ban rules) as the site itself, the command line being the machine's owner.
 */
async function commandLineViewer(context: AppContext): Promise<Viewer> {
  const snapshot = await context.grants.get();
  const adminRoleIDs = snapshot.rolesByType.get("administrator") ?? [];
  return new Viewer(
    { userID: 0, name: "Command line", isAdmin: true, banned: false, emailConfirmed: true },
    adminRoleIDs,
    snapshot,
  );
}

function options(args: readonly string[], spec: Record<string, "string" | "boolean">) {
  return parseCommandArgs({
    args: [...args],
    allowPositionals: true,
    options: Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }])),
  });
}

async function userIDNamed(context: AppContext, name: string | undefined): Promise<number> {
  if (!name) throw new Error("--name is required.");
  const row = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!row) throw new Error(`No user named "${name}".`);
  return row.userID;
}

/** A value as typed: JSON when it reads as JSON (true, 30, "x", [..]), else the text itself. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const settingsGetCommand: AddonCommand = {
  description: "settings:get KEY prints a setting's value as JSON.",
  async run(context, io, args = []) {
    const key = args[0];
    if (!key || !getSettingDefinition(key)) throw new Error(`Unknown setting "${key ?? ""}".`);
    io.out(JSON.stringify(await context.settings.get(key)));
    return 0;
  },
};

export const settingsSetCommand: AddonCommand = {
  description:
    "settings:set KEY VALUE stores a setting (VALUE as JSON, or text), checked as PATCH /config checks it.",
  async run(context, io, args = []) {
    const [key, value] = args;
    if (!key || value === undefined) throw new Error("Usage: settings:set KEY VALUE");
    await patchConfig(context, await commandLineViewer(context), { [key]: parseValue(value) });
    io.out(`${key} = ${JSON.stringify(await context.settings.get(key))}`);
    return 0;
  },
};

export const roleGrantCommand: AddonCommand = {
  description:
    "role:grant --role NAME --permission NAME [--category ID] [--revoke] grants (or revokes) one permission, leaving the role's other grants as they are.",
  async run(context, io, args = []) {
    const { values } = options(args, {
      role: "string",
      permission: "string",
      category: "string",
      revoke: "boolean",
    });
    const roleName = (values.role as string | undefined)?.trim().toLowerCase();
    const permission = values.permission as string | undefined;
    if (!roleName || !permission) throw new Error("--role and --permission are required.");
    const role = (await context.db.selectFrom("roles").select(["roleID", "name"]).execute()).find(
      (candidate) => candidate.name.toLowerCase() === roleName,
    );
    if (!role) throw new Error(`No role named "${String(values.role)}".`);
    const category = values.category as string | undefined;
    if (category !== undefined && !/^\d{1,10}$/.test(category))
      throw new Error("--category takes a category id.");
    const granted = values.revoke !== true;
    await writeRolePermissions(
      context,
      await commandLineViewer(context),
      role.roleID,
      [
        {
          type: category === undefined ? "global" : "category",
          id: category === undefined ? null : Number(category),
          permissions: { [permission]: granted },
        },
      ],
      "merge",
    );
    io.out(
      `${granted ? "Granted" : "Revoked"} ${permission} ${granted ? "to" : "from"} ${role.name}${category === undefined ? "" : ` in category ${category}`}.`,
    );
    return 0;
  },
};

export const userBanCommand: AddonCommand = {
  description: "user:ban --name NAME [--days N] [--reason TEXT] bans a member (their sessions end).",
  async run(context, io, args = []) {
    const { values } = options(args, { name: "string", days: "string", reason: "string" });
    const userID = await userIDNamed(context, values.name as string | undefined);
    const days = values.days === undefined ? undefined : Number(values.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650))
      throw new Error("--days takes a whole number of days from 1 to 3650.");
    const result = await setUserBan(context, await commandLineViewer(context), userID, {
      banned: true,
      ...(typeof values.reason === "string" ? { reason: values.reason } : {}),
      ...(days === undefined ? {} : { days }),
    });
    io.out(`Banned ${String(values.name)}${result.dateExpires ? ` until ${result.dateExpires}` : ""}.`);
    return 0;
  },
};

export const userUnbanCommand: AddonCommand = {
  description: "user:unban --name NAME lifts a ban.",
  async run(context, io, args = []) {
    const { values } = options(args, { name: "string" });
    const userID = await userIDNamed(context, values.name as string | undefined);
    await setUserBan(context, await commandLineViewer(context), userID, { banned: false });
    io.out(`Unbanned ${String(values.name)}.`);
    return 0;
  },
};

export const backupCommand: AddonCommand = {
  description:
    "backup makes a backup (the database and the uploads in one archive) in the data directory's backups folder, as the dashboard's button does.",
  async run(context, io) {
    const made = await makeBackup(context);
    io.out(`Made ${path.join(backupsDir(context), made.fileName)} (${made.size} bytes).`);
    return 0;
  },
};

export const ADMIN_COMMANDS: Record<string, AddonCommand> = {
  backup: backupCommand,
  "settings:get": settingsGetCommand,
  "settings:set": settingsSetCommand,
  "role:grant": roleGrantCommand,
  "user:ban": userBanCommand,
  "user:unban": userUnbanCommand,
};
