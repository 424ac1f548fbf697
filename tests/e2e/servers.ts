import os from "node:os";

/** The first browser-test server's port; E2E_PORT lets a second run (another checkout) use its own ports. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * How many servers (and Playwright workers) the browser tests use: one more than the cores, at most four. A
 * browser test spends much of its time waiting (a page's requests, its scripts settling, a poll), so on two
 * cores two workers left the CPU idle about 40 % of the stage; a third keeps it busy. Each server has its own
 * database, so the tests of one worker never see the site-wide changes of another.
 */
export const E2E_SERVERS = Math.max(
  1,
  Math.min(4, Number(process.env.E2E_WORKERS ?? os.availableParallelism() + 1)),
);

export function serverPort(index: number): number {
  return E2E_BASE_PORT + index;
}

/** A port for a test's own extra server (e.g. a restored site), apart from the workers' servers. */
export function extraServerPort(parallelIndex: number): number {
  return E2E_BASE_PORT + 50 + parallelIndex;
}

/** Where the server of worker `index` takes `POST /clock/advance?ms=N` (scripts/e2eClock.ts). */
export function clockPort(index: number): number {
  return E2E_BASE_PORT + 20 + index;
}
