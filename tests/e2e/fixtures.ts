import { test as base, type APIRequestContext } from "@playwright/test";
import { clockPort, E2E_SERVERS, serverPort } from "./servers";

export * from "@playwright/test";

/**
 * The browser tests' `test`: each Playwright worker drives a server of its own (playwright.config.ts starts
 * E2E_SERVERS of them, each on its own fresh database), so tests that change site-wide settings, layouts or
 * add-ons never reach a test running at the same time in another worker.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${serverPort(testInfo.parallelIndex % E2E_SERVERS)}`);
  },
});

/**
 * Moves the clock of this worker's server `ms` milliseconds forward (never back): what is due by then (a scheduled
 * post) becomes due now, as if the test had waited. The browser's own clock is not moved.
 */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<void> {
  const index = test.info().parallelIndex % E2E_SERVERS;
  const response = await request.post(`http://127.0.0.1:${clockPort(index)}/clock/advance?ms=${ms}`);
  if (!response.ok()) throw new Error(`The server's clock did not move: ${await response.text()}`);
}
