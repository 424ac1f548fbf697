import ts from "typescript";

/** Attributes a person reads or hears: their literal text must come through `t()`. */
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "title", "placeholder", "alt", "label"]);

/**
 * Non-words a field may show as an example: addresses (`https://`), paths (`/discussions`), colours (`#ffffff`)
 * and dotted names (`community.moderate`).
 */
const NON_WORDS = /\b[a-z][a-z0-9+.-]*:\/\/\S*|(^|\s)\/\S*|#[0-9a-f]{3,8}\b|\b[a-z]\w*(\.[a-z]\w*)+\b/gi;

/** Whether text holds a word of some language (numbers, symbols, punctuation and the non-words above do not). */
function hasWords(text: string): boolean {
  return /\p{L}{2,}/u.test(text.replace(NON_WORDS, " "));
}

export interface UntranslatedText {
  file: string;
  line: number;
  text: string;
}

/**
 * Literal text a person would read that bypasses `t()` in one TSX source: JSX text with words, and string
 * attributes (`aria-label`, `title`, `placeholder`, `alt`, `label`) with words. Text inside `<code>` (commands,
 * identifiers) is not prose.
 */
export function untranslatedTextOf(file: string, source: string): UntranslatedText[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: UntranslatedText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({
      file,
      line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1,
      text: text.trim(),
    });
  const insideCode = (node: ts.Node): boolean => {
    for (let parent = node.parent; parent; parent = parent.parent)
      if (
        ts.isJsxElement(parent) &&
        ["code", "kbd", "pre"].includes(parent.openingElement.tagName.getText(tree))
      )
        return true;
    return false;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasWords(node.text) && !insideCode(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(tree);
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value.text
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)
          ? value.expression.text
          : null;
      if (READ_ATTRIBUTES.has(name) && literal !== null && hasWords(literal))
        report(node, `${name}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const EXPRESSION = "\u0000";

/**
 * A template that is a piece of a tag, not text: attributes (` aria-current="page"`, `lang="${…}"`) or one bare
 * boolean attribute (`selected`).
 */
function isAttributeFragment(text: string): boolean {
  const trimmed = text.trim();
  const rest = trimmed
    .replace(/[\w-]+="[^"]*"/g, " ")
    .split(EXPRESSION)
    .join(" ")
    .trim();
  if (rest === "") return trimmed.includes('="');
  // Bare boolean attributes (`required`, `selected`) among them.
  return /^[a-z][a-z-]*(\s+[a-z][a-z-]*)*$/.test(rest) && (trimmed.includes('="') || !rest.includes(" "));
}

/** The text and read attributes of an HTML template's literal parts (`${…}` stand in as one marker). */
function htmlReadText(template: string): string[] {
  const found: string[] = [];
  let text = "";
  let index = 0;
  while (index < template.length) {
    const char = template[index];
    if (char === "<") {
      if (hasWords(text.replace(/&\w+;/g, " ")) && !isAttributeFragment(text)) found.push(text.trim());
      text = "";
      const end = template.indexOf(">", index);
      const tag = template.slice(index, end === -1 ? template.length : end + 1);
      for (const match of tag.matchAll(/\s(aria-label|aria-description|title|placeholder|alt)="([^"]*)"/g)) {
        const value = match[2] ?? "";
        if (!value.includes(EXPRESSION) && hasWords(value)) found.push(`${match[1]}="${value}"`);
      }
      index = end === -1 ? template.length : end + 1;
      // Text of <code>, <pre>, <script> and <style> is not prose.
      const raw = /^<(code|pre|script|style|kbd)\b/i.exec(tag);
      if (raw) {
        const close = template.indexOf(`</${raw[1]}`, index);
        index = close === -1 ? template.length : close;
      }
    } else {
      text += char;
      index += 1;
    }
  }
  if (hasWords(text.replace(/&\w+;/g, " ")) && !isAttributeFragment(text)) found.push(text.trim());
  return found;
}

/** Literal prose in the server's `html` templates (text between tags, read attributes) that bypasses `t()`. */
export function untranslatedHtmlOf(file: string, source: string): UntranslatedText[] {
  if (!source.includes("html`")) return [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: UntranslatedText[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(tree) === "html") {
      const template = node.template;
      const literal = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(EXPRESSION);
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
      for (const text of htmlReadText(literal))
        found.push({ file, line, text: text.replace(new RegExp(EXPRESSION, "g"), "${…}") });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
