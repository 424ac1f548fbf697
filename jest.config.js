// Two projects: `server` runs API and unit tests in Node over a real database; `client` runs component
// tests in jsdom with Testing Library. Both compile TypeScript with @swc/jest.
const swcTransform = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
];

// Stylesheets first, so `@library/…/x.css` is stubbed rather than resolved to the real file.
const moduleNameMapper = {
  "\\.(css)$": "<rootDir>/library/src/testing/styleStub.js",
  "^@library/(.*)$": "<rootDir>/library/$1",
  "^@forum/api/(.*)$": "<rootDir>/packages/api/src/$1",
  "^@applications/(.*)$": "<rootDir>/applications/$1",
  "^@plugins/(.*)$": "<rootDir>/plugins/$1",
};

const shared = {
  rootDir: __dirname,
  // API suites build a whole server on a fresh database in beforeAll; on a loaded 2-core machine that can pass 5 s.
  testTimeout: 30_000,
  transform: { "^.+\\.(t|j)sx?$": swcTransform },
  moduleNameMapper,
  // A few dependencies ship only ES modules; swc compiles them to CommonJS for Jest like our own code.
  transformIgnorePatterns: ["/node_modules/(?!(cookie|set-cookie-parser)/)"],
  testPathIgnorePatterns: ["/node_modules/", "/tests/e2e/", "/dist/"],
  // Jest's runtime with V8's code cache: each test file no longer compiles every module it loads anew.
  runtime: "<rootDir>/library/server/testing/codeCachingRuntime.js",
};

module.exports = {
  testTimeout: 30_000,
  // A folder for the migrated template databases test apps copy (library/server/testing/sqliteTemplate.ts).
  globalSetup: "<rootDir>/library/server/testing/jestGlobalSetup.js",
  globalTeardown: "<rootDir>/library/server/testing/jestGlobalTeardown.js",
  // One worker per core (Jest's default leaves one core to its own process, which only waits: on a 2-core
  // machine that ran the whole suite on one core).
  maxWorkers: "100%",
  projects: [
    {
      ...shared,
      displayName: "server",
      testEnvironment: "node",
      setupFiles: ["<rootDir>/library/server/testing/fastifyPluginNames.js"],
      testMatch: [
        "<rootDir>/{library/server,packages,scripts}/**/*.test.ts",
        "<rootDir>/{applications,plugins}/*/server/**/*.test.ts",
      ],
    },
    {
      ...shared,
      displayName: "client",
      testEnvironment: "jsdom",
      testMatch: [
        "<rootDir>/library/src/**/*.test.{ts,tsx}",
        "<rootDir>/{applications,plugins}/*/src/**/*.test.{ts,tsx}",
      ],
      setupFilesAfterEnv: ["<rootDir>/library/src/testing/setupTests.ts"],
    },
  ],
};
