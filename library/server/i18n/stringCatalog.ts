import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { REPOSITORY_ROOT } from "../app/repositoryRoot";

/** Folders whose sources hold the product's visible strings. */
const SOURCE_ROOTS = ["applications", "library", "plugins", "packages"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "build", "migrations", "testing", "seed", "bench"]);

/** Calls whose first argument is an English string a person reads: `t("…")`, `request.t("…")`, `page.t("…")`. */
const TRANSLATING_CALLS = new Set(["t"]);

/**
 * Properties whose string value is passed to `t()` where it is shown (a title-bar item's label, a dashboard
 * section's label, a tab's label): `t(item.label)`.
 */
const TRANSLATED_PROPERTIES = new Set(["label", "labelCode", "nameCode"]);

export function isSourceFile(file: string): boolean {
  return (
    /\.(ts|tsx)$/.test(file) &&
    !/\.(test|spec)\.tsx?$/.test(file) &&
    !file.endsWith(".d.ts") &&
    !/TestUtils\.tsx?$/.test(file) &&
    !file.includes(`${path.sep}testing${path.sep}`)
  );
}

/** Every production source file of the product (tests, builds and migrations left out). */
export function productSourceFiles(root = REPOSITORY_ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || SKIPPED_FOLDERS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (isSourceFile(full)) files.push(full);
    }
  };
  for (const folder of SOURCE_ROOTS) {
    const dir = path.join(root, folder);
    if (fs.existsSync(dir)) walk(dir);
  }
  return files.sort();
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

/** The English keys one source text passes to `t()`, directly or through a translated property. */
export function stringsOfSource(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const key = literalText(node.arguments[0]);
      if (name && TRANSLATING_CALLS.has(name) && key !== null) found.push(key);
    } else if (ts.isPropertyAssignment(node)) {
      const name = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : null;
      const value = literalText(node.initializer);
      if (name && TRANSLATED_PROPERTIES.has(name) && value !== null) found.push(value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A string with words outside its placeholders ("{count}" alone is not one).
  return found.filter((key) => /\p{L}/u.test(key.replace(/\{\w+\}/g, "")));
}

/** Strings that reach `t()` through data the collector cannot follow: the discussion list's sort tabs (tuples of sort and label). */
export const INDIRECT_STRINGS = ["Recent"] as const;

/** The catalog: every English string of the product that goes through `t()`, sorted, each once. */
export function collectStringCatalog(files = productSourceFiles()): string[] {
  const keys = new Set<string>(INDIRECT_STRINGS);
  for (const file of files)
    for (const key of stringsOfSource(file, fs.readFileSync(file, "utf8"))) keys.add(key);
  return [...keys].sort();
}

/** The `{placeholder}` names of a string, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}
