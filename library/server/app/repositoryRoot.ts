import path from "node:path";

/** Whether this process runs the compiled server (build/server/, plain JavaScript) rather than the sources. */
export const RUNS_COMPILED = __filename.endsWith(".js");

/**
 * The compiled server's folder: the repository's folders mirrored (`npm run build:server` writes build/server/).
 * Run compiled, the folder this file was compiled into.
 */
export const SERVER_BUILD_DIR = RUNS_COMPILED
  ? path.resolve(__dirname, "..", "..", "..")
  : path.resolve(__dirname, "..", "..", "..", "build", "server");

/**
 * The repository's folder: files that are not code (public assets, add-on manifests, package.json) are read
 * from here whether the server runs from its sources or compiled (two folders down, in build/<name>/).
 */
export const REPOSITORY_ROOT = RUNS_COMPILED
  ? path.resolve(SERVER_BUILD_DIR, "..", "..")
  : path.resolve(__dirname, "..", "..", "..");

/** A repository path (`library/server/pages/public`) as an absolute path. */
export function repositoryPath(...segments: string[]): string {
  return path.join(REPOSITORY_ROOT, ...segments);
}
