import type { ImportSource } from "./core/importSource";
import { NODEBB_USAGE, openNodebbSource } from "./nodebb/openNodebbSource";
import { openVanillaSource, VANILLA_USAGE } from "./vanilla/openVanillaSource";

export interface ImportSourceEntry {
  /** The options after the source's name, for the usage text: `--from URL [--token TOKEN]`. */
  usage: string;
  /** Opens the source from the options after its name; throws a clear error on missing or bad options. */
  open(args: string[]): Promise<ImportSource>;
}

/** `npm run forum -- import <source> …`: the sources by name. */
export const importSources: Record<string, ImportSourceEntry> = {
  vanilla: { usage: VANILLA_USAGE, open: openVanillaSource },
  nodebb: { usage: NODEBB_USAGE, open: openNodebbSource },
};
