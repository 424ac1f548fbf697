import { parseCommandArgs } from "@library/server/cli/parseCommandArgs";
import type { ImportSource } from "../core/importSource";
import { vanillaSource } from "./vanillaSource";

export const VANILLA_USAGE = "--from URL [--token TOKEN]   (or the token in IMPORT_API_TOKEN)";

/** `import vanilla --from URL [--token TOKEN]`: the site's address and an administrator's API token. */
export async function openVanillaSource(args: string[]): Promise<ImportSource> {
  const { values } = parseCommandArgs({
    args,
    options: { from: { type: "string" }, token: { type: "string" } },
    strict: true,
  });
  const from = values.from;
  if (!from) throw new Error(`Name the site: import vanilla ${VANILLA_USAGE}`);
  if (!/^https?:\/\/[^/]/i.test(from))
    throw new Error(`--from must be the site's http(s) address, not "${from}".`);
  const token = values.token ?? process.env.IMPORT_API_TOKEN;
  if (!token) throw new Error("An administrator's API token is needed: --token TOKEN or IMPORT_API_TOKEN.");
  return Promise.resolve(vanillaSource({ url: from, token }));
}
