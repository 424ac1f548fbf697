// Where a server's CPU went: reads a V8 CPU profile (`node --cpu-prof`, or `bench:community --cpu-prof DIR`) and
// prints the self time by function and by file, largest first; with --inclusive also each function's time with
// what it called (a phase of a request: rendering, compressing, a presenter).
//
//   npx tsx scripts/bench/cpuProfileSummary.ts DIR/CPU.*.cpuprofile [--top 40] [--inclusive]
import fs from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "40" }, inclusive: { type: "boolean", default: false } },
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
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${shortFile(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const withCallees = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const where = shortFile(node.callFrame.url);
    const name = nameOf(node);
    if (values.inclusive) {
      // Once per function on the stack, however deep it recursed.
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at);
        if (frame) seen.add(nameOf(frame));
      }
      for (const caller of seen) withCallees.set(caller, (withCallees.get(caller) ?? 0) + delta);
    }
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    const fileKey = where.startsWith("node_modules/") ? where.split("/").slice(0, 2).join("/") : where;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + delta);
    all += delta;
  });
  const top = Number(values.top);
  process.stdout.write(`${file}: ${(all / 1000).toFixed(0)} ms sampled\n\n`);
  process.stdout.write(table("Self time by file", byFile, all, top));
  process.stdout.write(table("Self time by function", byFunction, all, top));
  if (values.inclusive) process.stdout.write(table("Time with callees by function", withCallees, all, top));
}
