// Where a server's CPU went: reads a V8 CPU profile (`node --cpu-prof`, or `bench:community --cpu-prof DIR`) and
// prints the self time by function and by file, largest first.
//
//   npx tsx scripts/bench/cpuProfileSummary.ts DIR/CPU.*.cpuprofile [--top 40]
import fs from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "40" } },
});

/** The file as a short name: the part from the repository's folders or node_modules on. */
function shortFile(url: string): string {
  if (!url) return "(native)";
  const match = /(node_modules\/.*|library\/.*|applications\/.*|plugins\/.*|scripts\/.*)$/.exec(url);
  return match?.[1] ?? url;
}

function table(title: string, totals: Map<string, number>, all: number, top: number): string {
  const rows = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, micro]) =>
        `${((micro / all) * 100).toFixed(1).padStart(5)} %  ${(micro / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
  return [`${title}:`, ...rows, ""].join("\n");
}

for (const file of positionals) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const where = shortFile(node.callFrame.url);
    const name = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    const fileKey = where.startsWith("node_modules/") ? where.split("/").slice(0, 2).join("/") : where;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + delta);
    all += delta;
  });
  const top = Number(values.top);
  process.stdout.write(`${file}: ${(all / 1000).toFixed(0)} ms sampled\n\n`);
  process.stdout.write(table("Self time by file", byFile, all, top));
  process.stdout.write(table("Self time by function", byFunction, all, top));
}
