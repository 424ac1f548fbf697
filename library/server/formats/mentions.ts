import { escapeHtml } from "../pages/html";

/**
 * `@name` or `@"name with spaces"`, not inside a word or an e-mail address. Unquoted names are letters,
 * digits, `_`, `.` and `-`; a trailing `.` or `-` is punctuation, not part of the name.
 */
const MENTION = /(^|[^\p{L}\p{N}_@.\-/+])@(?:"([^"\n<>]{1,64})"|([\p{L}\p{N}_][\p{L}\p{N}_.-]{0,63}))/gu;

/** The profile link of a mentioned member, the same for every format. */
export function mentionHtml(name: string): string {
  const escaped = escapeHtml(name);
  return `<a class="atMention" data-username="${escaped}" href="/profile/${escapeHtml(encodeURIComponent(name))}">@${escaped}</a>`;
}

export interface LinkedMentions {
  /** The text, escaped, with each mention replaced by its link. */
  html: string;
  names: string[];
}

/** Escapes plain text and links its @mentions. */
export function linkMentions(text: string): LinkedMentions {
  const names: string[] = [];
  let html = "";
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const lead = match[1] ?? "";
    const quoted = match[2];
    let name = quoted ?? match[3] ?? "";
    let end = match.index + match[0].length;
    if (quoted === undefined) {
      const trimmed = name.replace(/[.-]+$/, "");
      end -= name.length - trimmed.length;
      name = trimmed;
    }
    if (quoted !== undefined) name = name.trim();
    if (name === "") continue;
    html += escapeHtml(text.slice(last, match.index + lead.length)) + mentionHtml(name);
    names.push(name);
    last = end;
  }
  html += escapeHtml(text.slice(last));
  return { html, names };
}

/** Names mentioned in plain text, in order of first appearance. */
export function findMentions(text: string): string[] {
  return unique(linkMentions(text).names);
}

export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
