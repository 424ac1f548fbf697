// What a benchmark reads of a running server from /proc: the CPU time and peak memory of the server process and
// every process it started (the workers of `WORKERS`), so a figure counts all the server's cores; and the Node
// flags it starts the server with.
import fs from "node:fs";

/** Node's flags in package.json's start script (a bench runs the server as `npm start` does), then `extraFlags`. */
export function serverNodeFlags(extraFlags: string): string[] {
  const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const extra = extraFlags.split(/\s+/).filter(Boolean);
  return [...manifest.scripts.start.split(/\s+/).filter((part) => part.startsWith("--")), ...extra];
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** The process and its descendants, found by their parent ids. */
export function processTree(rootPid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrEmpty(`/proc/${entry}/stat`);
    // The command name is in parentheses and may hold spaces: the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const parent = Number(fields[1]);
    if (!Number.isFinite(parent)) continue;
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(parents.get(tree[index] ?? -1) ?? []));
  return tree;
}

/** User + system CPU time in milliseconds the process has used so far (0 when it is gone). */
export function cpuMilliseconds(pid: number): number {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU time used by the server and its workers so far, in milliseconds. */
export function treeCpuMilliseconds(rootPid: number): number {
  return processTree(rootPid).reduce((sum, pid) => sum + cpuMilliseconds(pid), 0);
}

/** Peak resident memory (VmHWM) of each process of the tree, in MB. */
export function treePeakRssMb(rootPid: number): number[] {
  return processTree(rootPid)
    .map((pid) => /VmHWM:\s+(\d+) kB/.exec(readOrEmpty(`/proc/${pid}/status`)))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Math.round(Number(match[1]) / 1024));
}
