/**
 * Plural messages, shared by the server's and the client's `t()`: a string whose forms depend on a count is
 * written in the ICU plural form, `{count, plural, one {# comment} other {# comments}}`, both as the English key
 * and as its translation. Each form is chosen by `Intl.PluralRules` for the reader's language (Arabic has zero,
 * one, two, few, many and other; Japanese only other; French counts 0 and 1 as one), `=N` forms match a count
 * exactly, and `#` stands for the count written in the reader's digits. Other `{name}` placeholders stay in the
 * forms, filled afterwards as in any string.
 */

/** The plural categories a language may use (CLDR). */
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;

export interface PluralMessage {
  /** The placeholder the count fills (`count`). */
  variable: string;
  /** Each form's text by selector (`one`, `other`, `=0`), in written order. */
  forms: Map<string, string>;
}

const HEAD = /^\{\s*(\w+)\s*,\s*plural\s*,/;

/** The forms of a plural message; null for a plain string or a malformed message (no `other` form). */
export function parsePluralMessage(text: string): PluralMessage | null {
  const trimmed = text.trim();
  const head = HEAD.exec(trimmed);
  if (!head?.[1] || !trimmed.endsWith("}")) return null;
  const body = trimmed.slice(head[0].length, -1);
  const forms = new Map<string, string>();
  let index = 0;
  while (index < body.length) {
    while (index < body.length && /\s/.test(body[index]!)) index++;
    if (index >= body.length) break;
    const selector = /^(=\d+|[a-z]+)\s*\{/.exec(body.slice(index));
    if (!selector?.[1]) return null;
    index += selector[0].length;
    let depth = 1;
    const start = index;
    while (index < body.length && depth > 0) {
      if (body[index] === "{") depth++;
      else if (body[index] === "}") depth--;
      index++;
    }
    if (depth !== 0) return null;
    forms.set(selector[1], body.slice(start, index - 1));
  }
  return forms.has("other") ? { variable: head[1], forms } : null;
}

/** Messages parsed lately, by their text: a page writes the same few plural messages for every post. */
const parsedMessages = new Map<string, PluralMessage | null>();
/** Texts whose parse is kept; past it the map starts again (the catalog's plural messages are far fewer). */
const MAX_PARSED_MESSAGES = 1000;

function parsedPluralMessage(text: string): PluralMessage | null {
  const kept = parsedMessages.get(text);
  if (kept !== undefined) return kept;
  const message = parsePluralMessage(text);
  if (parsedMessages.size >= MAX_PARSED_MESSAGES) parsedMessages.clear();
  parsedMessages.set(text, message);
  return message;
}

const rules = new Map<string, Intl.PluralRules>();

/** The plural category of a count in a language (`fr`, `ar`, `pt_BR`): `one`, `few`, `other`… */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  const tag = locale.replace(/_/g, "-");
  let rule = rules.get(tag);
  if (!rule) {
    try {
      rule = new Intl.PluralRules(tag);
    } catch {
      rule = new Intl.PluralRules("en");
    }
    rules.set(tag, rule);
  }
  return rule.select(count);
}

/**
 * The form of `text` for `count` in `locale`, with `#` replaced by `written` (the count in the reader's digits);
 * a plain string is returned as it is.
 */
export function pluralForm(text: string, count: number, locale: string, written = String(count)): string {
  const message = parsedPluralMessage(text);
  if (!message) return text;
  const form =
    message.forms.get(`=${count}`) ??
    message.forms.get(pluralCategory(locale, count)) ??
    message.forms.get("other") ??
    "";
  return form.replace(/#/g, written);
}
