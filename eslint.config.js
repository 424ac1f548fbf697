// Type-checked TypeScript rules, the import boundaries of DESIGN.md, and Prettier for formatting.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const prettier = require("eslint-config-prettier");

const bannedReduxHooks = [
  {
    name: "react-redux",
    importNames: ["useDispatch", "useSelector"],
    message: "Use useAppDispatch / useAppSelector from @library/src/redux/hooks.",
  },
];

/** Each application and add-on imports library/ and packages/ only, never another application. */
function boundary(files, forbidden) {
  return {
    files,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: bannedReduxHooks,
          patterns: forbidden.map((group) => ({
            group: [group],
            message: "Import library/ or packages/ instead.",
          })),
        },
      ],
    },
  };
}

module.exports = tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "build/",
      "data/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "**/*.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    rules: {
      // Fastify handlers and hooks are async by convention, whether or not they await.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { paths: bannedReduxHooks }],
    },
  },
  boundary(["applications/forum/**"], ["@applications/dashboard/*", "@plugins/*"]),
  boundary(["applications/dashboard/**"], ["@applications/forum/*", "@plugins/*"]),
  boundary(["plugins/**"], ["@applications/forum/*", "@applications/dashboard/*"]),
  boundary(["library/**", "packages/**"], ["@applications/*", "@plugins/*"]),
  {
    // Client code takes only types from the contract, plus the few plain-value modules: a value import of a
    // schema module ships the whole validator library to every page.
    files: ["library/src/**", "applications/*/src/**", "plugins/*/src/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@forum/api/*",
                "!@forum/api/guest",
                "!@forum/api/layoutRoutes",
                "!@forum/api/layouts",
                "!@forum/api/layoutWidgetOptions",
                "!@forum/api/liveEvents",
                "!@forum/api/layoutNode",
                "!@forum/api/dateNames",
                "!@forum/api/jobStatuses",
                "!@forum/api/links",
                "!@forum/api/notificationBatching",
                "!@forum/api/notificationKinds",
                "!@forum/api/pluralMessages",
                "!@forum/api/reactionIcons",
                "!@forum/api/titleBarDefaults",
                "!@forum/api/translationKeys",
              ],
              allowTypeImports: true,
              message:
                "Import types only from the API contract (plain values live in its no-TypeBox modules).",
            },
          ],
        },
      ],
    },
  },
  {
    // Which add-ons run is the add-on runtime's business: other code asks a registry (page slots, title-bar
    // items, me-counts) whose entries their add-on owns, so no page keeps a trace of an add-on that is off.
    files: ["library/**", "applications/**", "packages/**", "plugins/**"],
    ignores: ["library/server/addons/**", "**/*.test.ts", "**/*.test.tsx", "**/testing/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(isActive|isEnabled)$/] > :matches(Literal, TemplateLiteral).arguments:first-child",
          message:
            "Do not test an add-on by its key: let the add-on contribute through a registry (page slot, title-bar item, me-count) that drops its entries while it is off.",
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "**/testing/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/unbound-method": "off",
      // Jest fails a whole file on `.each([])`: a computed table (`testDialects.filter(…)`) is empty on a run
      // without PostgreSQL, so a newcomer's `npm test` would fail where CI passed.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='each'] > CallExpression.arguments:first-child:matches([callee.object.name='testDialects'], [callee.name='dialectsAmong'])",
          message:
            "A table of some dialects is empty on a run without them (Jest then fails the file): use testDialects, or `for (const dialect of dialectsAmong([...]))`.",
        },
      ],
    },
  },
  {
    // Each Playwright worker has a server of its own: tests take `test` from the fixtures that point at it.
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              message: "Import from ./fixtures: its `test` drives this worker's own server.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
