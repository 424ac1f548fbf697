import type { AddonCommand } from "@library/server/addons/defineAddon";
import { rebuildSearchIndex } from "./rebuildSearchIndex";
import { searchIndexOf } from "./searchIndexing";

function megabytes(bytes: number | null): string {
  return bytes === null ? "unknown size" : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `npm run forum -- search:reindex`: rebuilds the index, printing progress each second and the totals. */
export const reindexCommand: AddonCommand = {
  description: "Rebuild the search index from every discussion, comment, member and category.",
  async run(context, io) {
    io.out("Rebuilding the search index…");
    const totals = await rebuildSearchIndex(context, (progress) =>
      io.out(
        `  ${progress.recordType}: ${progress.indexed} indexed, ${progress.removed} removed (${progress.seconds.toFixed(1)} s)`,
      ),
    );
    const stats = await searchIndexOf(context).stats();
    const seconds = totals.reduce((longest, total) => Math.max(longest, total.seconds), 0);
    io.out(`Done in ${seconds.toFixed(1)} s: ${stats.documents} documents, ${megabytes(stats.bytes)}.`);
    return 0;
  },
};
