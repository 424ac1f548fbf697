import { parseCommandArgs } from "@library/server/cli/parseCommandArgs";
import type { AddonCommand } from "@library/server/addons/defineAddon";
import { randomToken } from "@library/server/auth/passwords";
import { hashToken } from "@library/server/auth/tokens";
import { isoPlusSeconds, nowIso } from "@library/server/http/dates";
import { nameKey } from "@library/server/users/createUserRecord";

const DEFAULT_DAYS = 7;

/**
 * `npm run forum -- importers:token --name NAME [--days N]`, on the site a community moves FROM when it runs this
 * platform: an API token of one of its administrators (`Authorization: Bearer`), for `import vanilla --token`.
 * Only its hash is stored; it expires after N days (7 by default).
 */
export const importTokenCommand: AddonCommand = {
  description: "Print an administrator's API token for another site's import vanilla --token.",
  async run(context, io, args = []) {
    const { values } = parseCommandArgs({
      args: [...args],
      options: { name: { type: "string" }, days: { type: "string" } },
      strict: true,
    });
    if (!values.name) throw new Error("--name is required (an administrator's name).");
    const days = Number(values.days ?? DEFAULT_DAYS);
    if (!Number.isInteger(days) || days < 1 || days > 365)
      throw new Error("--days must be a whole number of days from 1 to 365.");
    const user = await context.db
      .selectFrom("users")
      .select(["userID", "name", "isAdmin"])
      .where("nameKey", "=", nameKey(values.name))
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (!user) throw new Error(`No user named "${values.name}".`);
    if (user.isAdmin !== 1)
      throw new Error(`${user.name} is not an administrator: an import reads every record.`);
    const token = randomToken(32);
    await context.db
      .insertInto("accessTokens")
      .values({
        tokenHash: hashToken(token),
        userID: user.userID,
        name: "import",
        dateInserted: nowIso(),
        dateExpires: isoPlusSeconds(days * 24 * 3600),
      })
      .execute();
    io.out(token);
    io.err(`An API token of ${user.name}, valid for ${days} days.`);
    return 0;
  },
};
