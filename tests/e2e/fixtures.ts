import { test as base } from "@playwright/test";
import { E2E_SERVERS, serverPort } from "./servers";

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
