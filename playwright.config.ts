import { defineConfig } from "@playwright/test";

// E2E_PORT lets a second run (another checkout) use its own port.
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Browser tests in Debian's headless Chromium against a real server on a throwaway SQLite database. The closed
 * network refuses Chromium's own background calls, hence the flags.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/e2eServer.ts`,
    url: `http://localhost:${PORT}/api/v2/users/me`,
    // Every browser test registers its members from one address within seconds: no per-address limits here
    // (the API tests cover them).
    env: {
      PORT: String(PORT),
      LOG_LEVEL: "warn",
      E2E_ADMIN_PASSWORD: "e2e admin password",
      RATE_LIMITS: "off",
      // Tests post the same texts from accounts minutes old; the spam score has its own API tests.
      SPAM_SCORE: "off",
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
