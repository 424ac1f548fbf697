// `npm test`: the whole gate, as CI runs it. The static checks (types, formatting) and the client build run side
// by side; then the Jest suites (one worker per core, see jest.config.js), then the browser tests (one server and
// worker per core, and one more). The lint runs throughout at the lowest priority, on the CPU the others leave.
// Each stage's time is printed, and at the end the number of tests that passed and failed.
//
// `npm test -- <paths>` runs only those tests: paths under tests/e2e with Playwright (building the client first
// if it was never built), every other path with Jest.
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// The type check runs TypeScript's native compiler (7.x, installed as `typescript-native`): it checks the whole
// program in a fraction of the time, on every core. ESLint's type-aware rules keep the `typescript` package
// (5.x), the version typescript-eslint supports.
const typeScriptCompiler = path.join(root, "node_modules", "typescript-native", "bin", "tsc");

/**
 * Node's options for the Jest workers (they inherit the environment): a larger young generation. Every test file
 * loads the whole server anew and throws it away, so most of what it allocates dies young; with 32 MB semi-spaces
 * V8 scavenges half as often, which took about 7 % off the CPU time of the server test files here.
 */
function jestNodeOptions() {
  return [process.env.NODE_OPTIONS, "--max-semi-space-size=32"].filter(Boolean).join(" ");
}

/** The lowest scheduling priority (Unix nice 19): the process runs only on CPU time no other stage wants. */
const LOWEST_PRIORITY = 19;

/**
 * Runs a command; with `quiet`, its output is kept and printed in one piece when it ends; with `lowPriority`, it
 * yields the cores to every other stage.
 */
function run(label, command, args, { quiet = false, env = {}, lowPriority = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (lowPriority && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Where priorities cannot be set, it runs as any other stage.
      }
    }
    const chunks = [];
    if (quiet) {
      child.stdout.on("data", (chunk) => chunks.push(chunk));
      child.stderr.on("data", (chunk) => chunks.push(chunk));
    }
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString().trimEnd();
      if (output) process.stdout.write(`${output}\n`);
      const ok = code === 0;
      process.stdout.write(
        `${ok ? "✓" : "✗"} ${label} (${seconds.toFixed(0)} s)${signal ? ` ${signal}` : ""}\n`,
      );
      resolve({ label, ok, seconds });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Passed and failed test counts from Jest's and Playwright's JSON reports. */
function countTests(jestReport, playwrightReport) {
  let passed = 0;
  let failed = 0;
  if (jestReport) {
    passed += jestReport.numPassedTests;
    failed += jestReport.numFailedTests + jestReport.numRuntimeErrorTestSuites;
  }
  if (playwrightReport?.stats) {
    passed += playwrightReport.stats.expected + playwrightReport.stats.flaky;
    failed += playwrightReport.stats.unexpected;
  }
  return { passed, failed };
}

async function main() {
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), "forum-test-reports-"));
  const jestReport = path.join(reports, "jest.json");
  const playwrightReport = path.join(reports, "playwright.json");
  const jest = (args) =>
    run("Jest suites", bin("jest"), ["--json", `--outputFile=${jestReport}`, ...args], {
      env: { NODE_OPTIONS: jestNodeOptions() },
    });
  const playwright = (args) =>
    run("browser tests", bin("playwright"), ["test", "--reporter=list,json", ...args], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    });
  const build = () => run("client build", bin("webpack"), ["--mode", "production"]);

  const started = Date.now();
  const stages = [];
  const only = process.argv.slice(2);
  if (only.length > 0) {
    const browserPaths = only.filter((item) => item.replace(/\\/g, "/").includes("tests/e2e"));
    const jestPaths = only.filter((item) => !browserPaths.includes(item));
    if (jestPaths.length > 0) stages.push(await jest(jestPaths));
    if (browserPaths.length > 0) {
      if (!fs.existsSync(path.join(root, "dist", "manifest.json"))) stages.push(await build());
      stages.push(await playwright(browserPaths));
    }
  } else {
    // The type check, the formatting check and the client build run side by side, then Jest on every core,
    // then the browser tests. (Run beside Jest, Chromium's renderers took most of the cores and made both slower
    // than one after the other.) The lint (about 130 s of CPU: its type-aware rules build the whole program
    // again) runs from the start at the lowest priority: it takes only the CPU the others leave, which the
    // browser tests leave most of (they wait on pages, polls and timers: about 40 % of two cores idle). Beside
    // Jest at the same priority it took a core from Jest's two workers for over four minutes. Its result is
    // awaited at the end; a lint failure fails the run.
    const lint = run("lint", bin("eslint"), ["--max-warnings=0", "."], { quiet: true, lowPriority: true });
    const checks = await Promise.all([
      run("type check", process.execPath, [typeScriptCompiler, "--noEmit", "-p", "tsconfig.json"], {
        quiet: true,
      }),
      run("formatting", bin("prettier"), ["--check", "--log-level=warn", "."], { quiet: true }),
      run("client build", bin("webpack"), ["--mode", "production"], { quiet: true }),
    ]);
    stages.push(...checks);
    const jestStage = checks.every((check) => check.ok) ? await jest([]) : null;
    if (jestStage) stages.push(jestStage);
    if (stages.every((stage) => stage.ok)) stages.push(await playwright([]));
    stages.push(await lint);
  }

  const { passed, failed } = countTests(readJson(jestReport), readJson(playwrightReport));
  fs.rmSync(reports, { recursive: true, force: true });
  const ok = stages.every((stage) => stage.ok);
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  process.stdout.write(
    `\n${stages.map((stage) => `${stage.label} ${stage.seconds.toFixed(0)} s`).join(", ")}\n`,
  );
  process.stdout.write(`npm test ${ok ? "passed" : "FAILED"} in ${minutes} min\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

void main();
