import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { serverApplications } from "@applications/serverApplications";
import { meFieldOf } from "@library/server/users/meCounts";
import { createTestApp } from "@library/server/testing/testApp";

const ROOT = join(__dirname, "..");
/** The core: what every site runs whichever add-ons it enables. */
const CORE_FOLDERS = ["library", "applications", "packages"];
const ADDON_KEYS = readdirSync(join(ROOT, "plugins"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function isTestFile(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /[\\/](testing|__tests__)[\\/]/.test(path) ||
    /(TestUtils|TestFixtures)\.tsx?$/.test(path)
  );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes("node_modules") && !isTestFile(path));
}

/**
 * A string naming an add-on: its key alone, a dotted name of its own (`key.setting`, `key.permission`), its
 * page (`/key`) or its folder (`@plugins/key`). HTML's own words (`role="search"`, `type="search"`) are not.
 */
function addonNamesIn(source: string, key: string): string[] {
  const pattern = new RegExp(`(role=|type=)?(["'\`])(?:@plugins/|/)?${key}(?:[./][\\w./-]*)?\\2`, "g");
  return [...source.matchAll(pattern)].filter((match) => match[1] === undefined).map((match) => match[0]);
}

/** Finds the add-on names in a set of files, as `path: "name"` lines. */
function findAddonNames(files: readonly string[], read: (path: string) => string): string[] {
  return files.flatMap((path) =>
    ADDON_KEYS.flatMap((key) =>
      addonNamesIn(read(path), key).map((name) => `${relative(ROOT, path)}: ${name}`),
    ),
  );
}

/** Where a file names one of the given identifiers (an add-on's counter name or field), as `path: name` lines. */
function findIdentifiers(
  files: readonly string[],
  read: (path: string) => string,
  names: readonly string[],
): string[] {
  if (names.length === 0) return [];
  const pattern = new RegExp(`\\b(${names.join("|")})\\b`, "g");
  return files.flatMap((path) =>
    [...read(path).matchAll(pattern)].map((match) => `${relative(ROOT, path)}: ${match[1]}`),
  );
}

/** Words that only look like an add-on's name, each with what it is. */
const NOT_ADDON_NAMES = new Set([
  // `Location.search`, the query string of an address.
  'applications/forum/src/drafts/draftLinks.ts: "search"',
  // HTML's `<embed>` element, which the body sanitiser removes.
  'library/server/formats/sanitizeRules.ts: "embed"',
]);

describe("the core names no add-on", () => {
  it("knows the add-ons to look for", () => {
    expect(ADDON_KEYS).toEqual(expect.arrayContaining(["conversations", "example", "search"]));
  });

  it("finds an add-on's key, setting, permission, page and folder, but not HTML's own words", () => {
    const source = [
      `isActive("conversations")`,
      `peek("search.autocompleteDebounce")`,
      `viewer.has('conversations.add')`,
      `<a href="/search">`,
      'import("@plugins/example/api/exampleApi")',
      `<form role="search"><input type="search" /></form>`,
      `const searchParams = "researcher";`,
    ].join("\n");
    expect(findAddonNames(["x.ts"], () => source).sort()).toEqual([
      'x.ts: "/search"',
      'x.ts: "@plugins/example/api/exampleApi"',
      'x.ts: "conversations"',
      'x.ts: "search.autocompleteDebounce"',
      "x.ts: 'conversations.add'",
    ]);
  });

  it("library/, applications/ and packages/ name no add-on outside their tests", () => {
    const files = CORE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const names = findAddonNames(files, (path) => readFileSync(path, "utf8"));
    expect(names.filter((name) => !NOT_ADDON_NAMES.has(name))).toEqual([]);
  });

  it("finds an add-on's counter name and its Me field as words, not inside longer ones", () => {
    const source = [
      `registerMeCount(context, { name: "UnreadConversations" })`,
      `countUnreadConversations: Type.Integer(),`,
      `countUnreadConversationsTotal; UnreadConversationsX`,
    ].join("\n");
    const names = ["UnreadConversations", meFieldOf("UnreadConversations")];
    expect(findIdentifiers(["x.ts"], () => source, names)).toEqual([
      "x.ts: UnreadConversations",
      "x.ts: countUnreadConversations",
    ]);
  });

  it("library/, applications/ and packages/ name no add-on's me-counter or its Me field outside their tests", async () => {
    // The add-ons declare their counters when they register: read the names from a running app's registry.
    const testApp = await createTestApp("sqlite", serverApplications);
    // Core applications declare theirs too (through the registrar, under their own key): only add-ons count.
    const isAddon = (owner: string) => owner !== "core" && testApp.context.addons.get(owner)?.core === false;
    const declared = testApp.context.meCounts.declared().filter((counter) => isAddon(counter.owner));
    await testApp.close();
    expect(declared.map((counter) => counter.name)).toContain("UnreadConversations");
    const names = declared.flatMap((counter) =>
      counter.onMe ? [counter.name, meFieldOf(counter.name)] : [counter.name],
    );
    const files = CORE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(findIdentifiers(files, (path) => readFileSync(path, "utf8"), names)).toEqual([]);
  });
});
