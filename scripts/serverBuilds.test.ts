import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer, REPOSITORY_ROOT } from "./buildServer";
import {
  currentServerBuild,
  newServerBuildDir,
  publishServerBuild,
  removeUnusedServerBuilds,
} from "./serverBuilds";
import { sharedServerBuild } from "./sharedServerBuild";

/** A process running from a build: it marks the build as start.js does, then loads every module, a few at a time. */
const RUNNING_PROCESS = `
const fs = require("node:fs");
const path = require("node:path");
const build = fs.realpathSync(process.argv[1]);
require(path.join(build, "scripts", "serverBuilds.js")).holdServerBuild(build);
const modules = ["library", "applications", "plugins", "packages"].flatMap((folder) =>
  fs.readdirSync(path.join(build, folder), { recursive: true })
    .map(String).filter((file) => file.endsWith(".js")).sort()
    .map((file) => path.join(build, folder, file)));
const failures = [];
let next = 0;
const load = () => {
  const file = modules[next++];
  try { require(file); } catch (error) { failures.push(error.code + " " + file); }
};
while (next < 100) load();
process.stdout.write("ready " + build + "\\n");
// While a new build is written and put in place: one module every few milliseconds.
const loading = setInterval(() => { if (next < modules.length - 1) load(); }, 5);
process.stdin.once("data", () => {
  clearInterval(loading);
  while (next < modules.length) load();
  process.stdout.write(JSON.stringify({ loaded: modules.length, failures }) + "\\n");
  process.exit(0);
});
`;

/** Every file under a build, relative, sorted (the processes' marks left out). */
function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes(".processes"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("server builds", () => {
  // Two folders under the repository, as build/server is: the compiled code finds the repository from there.
  const outDir = path.join(REPOSITORY_ROOT, "build", `builds-test-${process.pid}-${Date.now()}`);
  const buildsBeside = () =>
    fs
      .readdirSync(path.dirname(outDir))
      .filter((name) => name.startsWith(`${path.basename(outDir)}-`))
      .map((name) => path.join(path.dirname(outDir), name));

  afterAll(() => {
    for (const dir of [outDir, ...buildsBeside()]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs two builds at once, and the server's folder is complete at every moment", async () => {
    // The build in place before: a copy of the run's one build (the tests that start the server share it).
    const shared = fs.realpathSync((await sharedServerBuild()).dir);
    const first = newServerBuildDir(outDir);
    fs.cpSync(shared, first, { recursive: true, filter: (source) => !source.includes(".processes") });
    publishServerBuild(outDir, first);
    const expected = filesOf(outDir);
    expect(expected).toContain(path.join("scripts", "start.js"));

    const required = ["package.json", "scripts/start.js", "plugins/search/server/searchAddon.js"];
    const missing = new Set<string>();
    let looks = 0;
    const watcher = setInterval(() => {
      looks += 1;
      for (const file of required) if (!fs.existsSync(path.join(outDir, file))) missing.add(file);
    }, 2);
    try {
      await Promise.all([
        buildServer(REPOSITORY_ROOT, outDir, { keepReplacedSeconds: 0 }),
        buildServer(REPOSITORY_ROOT, outDir, { keepReplacedSeconds: 0 }),
      ]);
    } finally {
      clearInterval(watcher);
    }
    expect(looks).toBeGreaterThan(100);
    expect([...missing]).toEqual([]);
    // One of the two is in place, whole; the rest were removed (no process runs from them).
    expect(filesOf(outDir)).toEqual(expected);
    expect(buildsBeside()).toEqual([currentServerBuild(outDir)]);
  }, 240_000);

  it("keeps the build a process runs from, whole, while later builds replace it, and removes it after", async () => {
    const child = spawn(process.execPath, ["-e", RUNNING_PROCESS, outDir], {
      cwd: REPOSITORY_ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let output = "";
    const lineWith = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split("\n").find((candidate) => candidate.includes(text));
          if (line) {
            child.stdout.off("data", onData);
            resolve(line);
          }
        };
        child.stdout.on("data", onData);
        child.once("exit", (code) => reject(new Error(`The process exited (${code}): ${output}`)));
      });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const runningFrom = (await lineWith("ready ")).slice("ready ".length);
    expect(runningFrom).toBe(fs.realpathSync(outDir));

    // Another start builds the server while this process loads modules, then it loads the rest.
    await buildServer(REPOSITORY_ROOT, outDir, { keepReplacedSeconds: 0 });
    const result = lineWith('"loaded"');
    child.stdin.write("go\n");
    const { loaded, failures } = JSON.parse(await result) as { loaded: number; failures: string[] };
    expect(failures).toEqual([]);
    expect(loaded).toBeGreaterThan(400);
    await exited;
    // It ran from its own build to the end; the new build is in place beside it.
    expect(fs.realpathSync(outDir)).not.toBe(runningFrom);
    expect(fs.existsSync(runningFrom)).toBe(true);

    // Nobody runs from it any more: the next clean-up removes it.
    expect(removeUnusedServerBuilds(outDir, 0)).toEqual([runningFrom]);
    expect(buildsBeside()).toEqual([currentServerBuild(outDir)]);
  }, 240_000);
});
