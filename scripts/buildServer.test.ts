import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHUTDOWN_DRAIN_MILLISECONDS } from "../library/server/app/startServer";
import { sharedServerBuild } from "./sharedServerBuild";
import { freePort, spawnCompiledServer } from "./compiledServerProcess";

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`No "${text}" within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}):\n${output}`));
    });
  });
}

/** `npm start` runs the server compiled to JavaScript (build/server/), with no TypeScript loader. */
describe("the compiled server", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-compiled-data-"));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-compiled-dist-"));
  let server: ChildProcess | null = null;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    // The build is the run's (its global teardown removes it).
    for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("starts from plain JavaScript, serves pages and the add-ons' routes, and answers 503 while it stops on SIGTERM", async () => {
    // The run's one build (buildServer into build/test-run-…, as into build/server/), shared with the other tests
    // that start the compiled server.
    const { dir: outDir, files } = await sharedServerBuild();
    expect(files).toBeGreaterThan(100);
    expect(fs.existsSync(path.join(outDir, "scripts", "start.js"))).toBe(true);
    expect(fs.existsSync(path.join(outDir, "plugins", "search", "server", "searchAddon.js"))).toBe(true);
    expect(fs.readdirSync(outDir, { recursive: true }).some((file) => String(file).endsWith(".ts"))).toBe(
      false,
    );

    const port = await freePort();
    server = spawnCompiledServer({ build: outDir, port, dataDir, distDir });
    await waitForOutput(server, "The forum is running", 90_000);

    const base = `http://127.0.0.1:${port}`;
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Welcome to the community!");
    const discussions = await fetch(`${base}/api/v2/discussions?limit=1`);
    expect(discussions.status).toBe(200);
    // The search add-on's server module, loaded from its compiled JavaScript.
    const search = await fetch(`${base}/api/v2/search?query=welcome`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { name: string }[]).map((result) => result.name)).toContain(
      "Welcome to the community!",
    );
    const styles = await fetch(`${base}/static/favicon.svg`);
    expect(styles.status).toBe(200);

    // Stopping: what arrives meanwhile is answered 503 (to retry) for the drain's half second, then the port
    // refuses connections. Only a connection racing the very moment the port closes can be reset.
    const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    const statuses = new Set<number>();
    let firstUnavailable = 0;
    let failure = "";
    while (!failure) {
      try {
        const { status } = await fetch(`${base}/api/v2/discussions?limit=1`);
        statuses.add(status);
        if (status === 503 && !firstUnavailable) firstUnavailable = Date.now();
      } catch (error) {
        failure = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      }
    }
    const answeredUnavailableMs = Date.now() - firstUnavailable;
    expect([...statuses].filter((status) => status !== 200)).toEqual([503]);
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(failure);
    expect(answeredUnavailableMs).toBeGreaterThanOrEqual(SHUTDOWN_DRAIN_MILLISECONDS * 0.8);
    expect(await exited).toBe(0);
  }, 180_000);
});
