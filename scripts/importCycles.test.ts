import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const ROOT = join(__dirname, "..");
/** The server code whose imports must point one way: the platform and every application's server. */
const SERVER_FOLDERS = [
  "library/server",
  ...readdirSync(join(ROOT, "applications"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `applications/${entry.name}/server`),
];

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /[\\/]testing[\\/]/.test(path);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !isTestFile(path));
}

/** Every module a file names: imports and re-exports (type-only ones included) and dynamic imports. */
export function importedSpecifiers(source: string): string[] {
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/g,
    /(?:^|\n)\s*import\s+["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ""));
}

const ALIASES: [string, string][] = [
  ["@library/", "library/"],
  ["@applications/", "applications/"],
];

function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string | null = null;
  if (specifier.startsWith(".")) base = join(dirname(from), specifier);
  for (const [alias, folder] of ALIASES)
    if (specifier.startsWith(alias)) base = join(ROOT, folder, specifier.slice(alias.length));
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (files.has(candidate)) return candidate;
  return null;
}

/** The import circles (strongly connected groups of two or more files), each as sorted repository paths. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

function serverImportGraph(): Map<string, string[]> {
  const files = SERVER_FOLDERS.flatMap(sourceFiles);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      relative(ROOT, file),
      importedSpecifiers(readFileSync(file, "utf8"))
        .map((specifier) => resolveImport(file, specifier, known))
        .filter((target): target is string => target !== null)
        .map((target) => relative(ROOT, target)),
    ]),
  );
}

describe("server imports point one way", () => {
  it("reads imports, re-exports, type-only and dynamic imports", () => {
    const source = [
      `import type { A } from "./a";`,
      `import { b,\n  c } from "@library/server/b";`,
      `export { d } from "../d";`,
      `export type { E } from "./e";`,
      `import "./tables";`,
      `const f = await import("./f");`,
      `// "./not-an-import"`,
    ].join("\n");
    expect(importedSpecifiers(source)).toEqual([
      "./a",
      "@library/server/b",
      "../d",
      "./e",
      "./tables",
      "./f",
    ]);
  });

  it("finds a circle of any length, and none in a one-way graph", () => {
    const circle = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(importCycles(circle)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(importCycles(new Map([...circle, ["c.ts", ["d.ts"]]]))).toEqual([]);
  });

  it("forum page trees never import the forum's page routes (pages → pageTrees, one way)", () => {
    const graph = serverImportGraph();
    const pageTrees = "applications/forum/server/pageTrees/";
    const pages = "applications/forum/server/pages/";
    const backwards = [...graph].flatMap(([file, targets]) =>
      file.startsWith(pageTrees)
        ? targets.filter((target) => target.startsWith(pages)).map((target) => `${file} → ${target}`)
        : [],
    );
    expect([...graph.keys()].filter((file) => file.startsWith(pageTrees)).length).toBeGreaterThan(5);
    expect(backwards).toEqual([]);
  });

  it("library/server and applications/*/server have no import circle", () => {
    const graph = serverImportGraph();
    expect(graph.size).toBeGreaterThan(200);
    expect(importCycles(graph)).toEqual([]);
  });
});
