import type { AddonCommand } from "@library/server/addons/defineAddon";
import { formatReport } from "./core/importReport";
import { runImport } from "./core/importRun";
import { importSources } from "./importSources";

function usage(): string {
  return [
    "Usage: npm run forum -- import <source> [options]",
    ...Object.entries(importSources).map(([name, entry]) => `  import ${name} ${entry.usage}`),
  ].join("\n");
}

/**
 * `npm run forum -- import <source> …`: copies another forum's history here (resumable: run it again after a
 * stop, nothing is written twice). Progress on stderr, the report on stdout; Ctrl-C stops after the current batch.
 */
export const importCommand: AddonCommand = {
  description: "Import a community's history from another forum.",
  async run(context, io, args = []) {
    const [name, ...rest] = args;
    const entry = name === undefined ? undefined : importSources[name];
    if (!entry) {
      io.err(name === undefined ? usage() : `Unknown import source "${name}".\n\n${usage()}`);
      return 1;
    }
    const source = await entry.open(rest);
    const controller = new AbortController();
    const stop = () => {
      io.err("Stopping after the current batch…");
      controller.abort();
    };
    process.once("SIGINT", stop);
    try {
      const report = await runImport(context, source, {
        io,
        signal: controller.signal,
        progress: process.stderr.isTTY
          ? { isTTY: true, write: (text) => process.stderr.write(text) }
          : undefined,
      });
      io.out(formatReport(report));
      return report.interrupted ? 130 : 0;
    } finally {
      process.off("SIGINT", stop);
      await source.close();
    }
  },
};
