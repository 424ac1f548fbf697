import type { Rich2Block, Rich2Inline, Rich2Text } from "@forum/api/rich2";

/** Small builders for the demo's rich2 bodies. */
export const t = (
  text: string,
  marks: Partial<Record<"bold" | "italic" | "code", boolean>> = {},
): Rich2Text => ({
  text,
  ...marks,
});
export const p = (...children: Rich2Inline[]): Rich2Block => ({ type: "p", children });
export const list = (items: string[]): Rich2Block => ({
  type: "ul",
  children: items.map((item) => ({ type: "li", children: [{ type: "p", children: [t(item)] }] })),
});
export const link = (text: string, url: string): Rich2Inline => ({ type: "a", url, children: [t(text)] });
export const quote = (text: string): Rich2Block => ({ type: "blockquote", children: [p(t(text))] });

/** A rich2 document of a one-line reply. */
export function replyBody(text: string): string {
  return JSON.stringify([p(t(text))]);
}
