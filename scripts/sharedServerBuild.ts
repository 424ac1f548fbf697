// One compiled server (scripts/buildServer.ts) for every test of a Jest run that starts the server as `npm start`
// does: the first test file to ask builds it, the others (in the same worker or another) wait for it and reuse it.
// A build costs about 4 s of CPU (esbuild's service included), and a server started from it about 3.5 s less
// than one started through the TypeScript loader. The build is named after the run's templates folder
// (jestGlobalSetup.js), so two runs at once never share one; the run's global teardown removes it.
import fs from "node:fs";
import path from "node:path";
import { buildServer, REPOSITORY_ROOT } from "./buildServer";
import { currentServerBuild } from "./serverBuilds";

/** The folder of the Jest run's temporary files (jestGlobalSetup.js), or null outside such a run. */
function runFolder(): string | null {
  const folder = process.env.FORUM_TEST_TEMPLATES;
  return folder && fs.existsSync(folder) ? folder : null;
}

/** The shared build's link under build/ (a compiled server finds the repository two folders up). */
export function sharedServerBuildLink(): string {
  const run = runFolder();
  return path.join(
    REPOSITORY_ROOT,
    "build",
    `test-run-${run ? path.basename(run) : `process-${process.pid}`}`,
  );
}

/** Everything of the build whose link is `link`: the link, its folders, the lock and the count beside it. */
function removeBuildOf(link: string): void {
  const parent = path.dirname(link);
  for (const name of fs.readdirSync(parent))
    if (name.startsWith(path.basename(link)))
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
}

/** Whether the process that wrote `lockDir` (its pid inside) still runs. */
function lockHolderAlive(lockDir: string): boolean {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
  } catch {
    // Gone (the build is done) or just made, its pid not written yet: look again.
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface SharedServerBuild {
  /** The link to the build (`build/test-run-…`). */
  dir: string;
  /** How many source files the build compiled (buildServer's result). */
  files: number;
}

/**
 * The run's compiled server, built on the first call of the run. Later calls, in any worker, wait for that
 * build and return the same one; when its builder died half way, the next caller builds it.
 */
export async function sharedServerBuild(timeoutMs = 180_000): Promise<SharedServerBuild> {
  const link = sharedServerBuildLink();
  const countFile = `${link}.files`;
  const lockDir = `${link}.lock`;
  const deadline = Date.now() + timeoutMs;
  // build/ itself is made by the first build: a fresh clone has none yet, and the lock goes beside the build.
  fs.mkdirSync(path.dirname(link), { recursive: true });
  for (;;) {
    if (currentServerBuild(link) && fs.existsSync(countFile))
      return { dir: link, files: Number(fs.readFileSync(countFile, "utf8")) };
    let holder = false;
    try {
      fs.mkdirSync(lockDir);
      holder = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (holder) {
      try {
        fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
        // Outside a Jest run with a global setup (which removes it at the end), the build is this process's own.
        if (!runFolder()) process.once("exit", () => removeBuildOf(link));
        const files = await buildServer(REPOSITORY_ROOT, link);
        fs.writeFileSync(`${countFile}.partial`, String(files));
        fs.renameSync(`${countFile}.partial`, countFile);
        return { dir: link, files };
      } finally {
        fs.rmSync(lockDir, { recursive: true, force: true });
      }
    }
    if (!lockHolderAlive(lockDir)) fs.rmSync(lockDir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`No shared server build in ${link} within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
