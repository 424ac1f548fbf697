// Where compiled servers live. `build/server` is a link to one complete build, `build/server-<id>`, and a new build
// is written beside it and put in place by renaming a new link over the old one, which is atomic: a process
// starting always finds a complete tree, and two builds at once each write their own folder (the later rename
// wins). Node follows the link once, when a process starts, and loads every later module (an add-on turned on
// an hour later) from the same folder; so a build removes an older folder only when no running process marks it
// as in use and it has been out of use for a while.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** An older build is kept at least this long after it was replaced (a process may be starting from it). */
export const KEEP_REPLACED_BUILD_SECONDS = 60;
/** Inside a build: one empty file per process running from it, named by its process id. */
const PROCESSES_DIR = ".processes";
const BUILDING_SUFFIX = ".building";

/** `<link>-<milliseconds>-<process id>-<random>`, plus `.building` while it is written. */
function buildNamePattern(link: string): RegExp {
  const base = path.basename(link).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${base}-\\d+-(\\d+)-[0-9a-f]{8}(\\.building)?$`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function newBuildName(link: string): string {
  return `${link}-${Date.now()}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** A new, empty folder for one build of `link` (`build/server-….building`), beside it. */
export function newServerBuildDir(link: string): string {
  const dir = `${newBuildName(link)}${BUILDING_SUFFIX}`;
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The folder `link` points to now (absolute), or null when there is no build yet. */
export function currentServerBuild(link: string): string | null {
  try {
    return path.resolve(path.dirname(link), fs.readlinkSync(link));
  } catch {
    return null;
  }
}

/**
 * Makes a finished build (from `newServerBuildDir`) the one `link` points to: the folder takes its final name,
 * a new link to it replaces the old one in one rename, and the build it replaced is marked as replaced now.
 * Returns the build's folder.
 */
export function publishServerBuild(link: string, buildingDir: string): string {
  const finished = buildingDir.slice(0, -BUILDING_SUFFIX.length);
  fs.renameSync(buildingDir, finished);
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    // A build from before links were used: it becomes an older build like any other.
    try {
      fs.renameSync(link, newBuildName(link));
    } catch (error) {
      // Another build moved it first.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  const replaced = currentServerBuild(link);
  const nextLink = `${link}.link-${path.basename(finished)}`;
  fs.symlinkSync(path.basename(finished), nextLink, "dir");
  fs.renameSync(nextLink, link);
  if (replaced && replaced !== finished && fs.existsSync(replaced)) {
    const now = new Date();
    fs.utimesSync(replaced, now, now);
  }
  return finished;
}

/** Marks `buildDir` as in use by this process until it exits. Errors (a read-only folder) are ignored. */
export function holdServerBuild(buildDir: string): void {
  const marker = path.join(buildDir, PROCESSES_DIR, String(process.pid));
  try {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, "");
    process.once("exit", () => fs.rmSync(marker, { force: true }));
  } catch {
    // Not marked: the build is then kept only KEEP_REPLACED_BUILD_SECONDS after it was replaced.
  }
}

function isInUse(buildDir: string): boolean {
  const processesDir = path.join(buildDir, PROCESSES_DIR);
  if (!fs.existsSync(processesDir)) return false;
  return fs.readdirSync(processesDir).some((name) => /^\d+$/.test(name) && isAlive(Number(name)));
}

/**
 * Removes the builds of `link` nobody needs: not the current one, not one a running process marks, not one
 * replaced less than `keepSeconds` ago, not one still being written by a live build. Returns the removed folders.
 */
export function removeUnusedServerBuilds(link: string, keepSeconds = KEEP_REPLACED_BUILD_SECONDS): string[] {
  const parent = path.dirname(link);
  const pattern = buildNamePattern(link);
  const current = currentServerBuild(link);
  const removed: string[] = [];
  for (const name of fs.readdirSync(parent)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const dir = path.join(parent, name);
    const building = match[2] !== undefined;
    if (building ? isAlive(Number(match[1])) : dir === current || isInUse(dir)) continue;
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    if (!stat || (!building && Date.now() - stat.mtimeMs < keepSeconds * 1000)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
