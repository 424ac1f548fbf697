import path from "node:path";
import { defineConfig } from "@playwright/test";
import { clockPort, E2E_SERVERS, serverPort } from "./tests/e2e/servers";

/**
 * Browser tests in Debian's headless Chromium against real servers, each on a throwaway SQLite database: one
 * Playwright worker per server (tests/e2e/fixtures.ts gives each worker its server's address), so a test file
 * that changes site-wide settings never meets a test of another worker. The closed network refuses Chromium's
 * own background calls, hence the flags.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_SERVERS,
  retries: 0,
  // A flow that takes 12 s alone took 25 s in CI, with three workers, their servers and Chromium on two cores: 30 s
  // left too little room. Tests that need more still say so with test.setTimeout.
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    // A click on something that never shows (a notification missing from its list) would otherwise wait for the
    // whole test's timeout (three minutes in the longest flows) and report only that: fail the step instead,
    // naming what it waited for.
    actionTimeout: 30_000,
    baseURL: `http://localhost:${serverPort(0)}`,
    trace: "off",
    launchOptions: {
      // /usr/bin/chromium, started by a script that merges the --disable-features lists (see below).
      executablePath: path.join(__dirname, "tests/e2e/chromium.sh"),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Every browser context otherwise starts two renderers of Chromium's own for the address bar's
        // suggestion popups (chrome://omnibox-popup.top-chrome), which a headless test never opens: about 0.8 s
        // of CPU per context. Without them the groups flow (five contexts) took 27 s of Chromium's CPU instead
        // of 43 s. Playwright passes its own --disable-features first; tests/e2e/chromium.sh merges the two.
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
      ],
    },
  },
  webServer: Array.from({ length: E2E_SERVERS }, (_, index) => ({
    command: `npx tsx scripts/e2eServer.ts`,
    url: `http://localhost:${serverPort(index)}/api/v2/users/me`,
    // Every browser test registers its members from one address within seconds: no per-address limits here
    // (the API tests cover them).
    env: {
      PORT: String(serverPort(index)),
      // A test of something due later moves this server's clock forward instead of waiting (fixtures.ts).
      E2E_CLOCK_PORT: String(clockPort(index)),
      LOG_LEVEL: "warn",
      E2E_ADMIN_PASSWORD: "e2e admin password",
      RATE_LIMITS: "off",
      // Tests post the same texts from accounts minutes old; the spam score has its own API tests.
      SPAM_SCORE: "off",
    },
    reuseExistingServer: false,
    timeout: 90_000,
  })),
});
