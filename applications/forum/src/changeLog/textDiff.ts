export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/** Longest inputs diffed word by word; longer ones show as one removal and one addition. */
const MAX_WORDS = 1500;

function words(text: string): string[] {
  return text.split(/(\s+)/).filter((part) => part !== "");
}

function pushPart(parts: DiffPart[], kind: DiffPart["kind"], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** A word-level diff (longest common subsequence) of two texts, in reading order. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    const parts: DiffPart[] = [];
    if (before) parts.push({ kind: "removed", text: before });
    if (after) parts.push({ kind: "added", text: after });
    return parts;
  }
  // lengths[i][j]: the common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pushPart(parts, "same", a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) pushPart(parts, "removed", a[i++]!);
    else pushPart(parts, "added", b[j++]!);
  }
  while (i < a.length) pushPart(parts, "removed", a[i++]!);
  while (j < b.length) pushPart(parts, "added", b[j++]!);
  return parts;
}

/** The visible text of sanitised post HTML (block ends become line breaks). */
export function htmlText(html: string): string {
  const document = new DOMParser().parseFromString(
    html.replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>/gi, "</$1>\n"),
    "text/html",
  );
  return (document.body.textContent ?? "").replace(/\n{2,}/g, "\n").trim();
}
