import type { BodyFormat, Rich2Document } from "@forum/api/rich2";
import { renderBody } from "@library/server/formats/renderBody";
import { htmlToRich2 } from "./htmlToRich2";
import { ROUND_TRIP_CORPUS } from "./testing/roundTripCorpus";

const KEPT_ATTRIBUTES = ["href", "src", "alt", "data-username"];
const SAME_TAG: Record<string, string> = { b: "strong", i: "em", del: "s", strike: "s", h1: "h2", h6: "h5" };

/** What a reader sees of some HTML: the element tree with the attributes that matter, whitespace collapsed. */
function shown(html: string): string {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? "").replace(/\s+/g, " ");
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const element = node as Element;
    let tag = element.tagName.toLowerCase();
    tag = SAME_TAG[tag] ?? tag;
    const children = Array.from(element.childNodes);
    // A paragraph in a list item shows as the item's text (tight lists), and one holding only an image as the
    // image.
    const onlyImage = tag === "p" && children.length === 1 && (children[0] as Element).tagName === "IMG";
    if (onlyImage) return walk(children[0]!);
    if (tag === "li")
      return `<li>${children
        .map((child) =>
          (child as Element).tagName === "P" ? Array.from(child.childNodes).map(walk).join("") : walk(child),
        )
        .join("")}</li>`;
    const attributes = KEPT_ATTRIBUTES.filter((name) => element.hasAttribute(name))
      .map((name) => ` ${name}="${element.getAttribute(name)}"`)
      .join("");
    const inner = children.map(walk).join("");
    return `<${tag}${attributes}>${inner}</${tag}>`;
  };
  return Array.from(body.childNodes)
    .map(walk)
    .join("")
    .replace(/\s*(<br>|<\/?(p|li|ul|ol|h\d|blockquote|pre|hr)[^>]*>)\s*/g, "$1")
    .replace(/<br><\/br>/g, "<br>")
    .replace(/\s+<\/code><\/pre>/g, "</code></pre>")
    .trim();
}

function render(format: BodyFormat, raw: string): string {
  return renderBody(format, raw).html;
}

describe.each(Object.entries(ROUND_TRIP_CORPUS))("a %s post opened in the rich editor", (format, posts) => {
  it.each(posts.map((post) => [post]))("shows the same after saving: %s", (post) => {
    const before = render(format as BodyFormat, post);
    const document: Rich2Document = htmlToRich2(before);
    const after = render("rich2", JSON.stringify(document));
    expect(shown(after)).toBe(shown(before));
    // Saved again without edits, it is the same document (nothing drifts with each edit).
    expect(htmlToRich2(after)).toEqual(document);
  });
});

describe("htmlToRich2", () => {
  it("keeps Markdown bold, italics and strike as marks, not as asterisks", () => {
    const document = htmlToRich2(render("markdown", "Hello **world**, _you_ and ~~them~~"));
    expect(document).toEqual([
      {
        type: "p",
        children: [
          { text: "Hello " },
          { text: "world", bold: true },
          { text: ", " },
          { text: "you", italic: true },
          { text: " and " },
          { text: "them", strikethrough: true },
        ],
      },
    ]);
  });

  it("keeps an @mention a mention, and links, code, quotes and images what they were", () => {
    const document = htmlToRich2(
      render(
        "markdown",
        "Thanks @alice, see [docs](https://example.com/d) and `x`.\n\n> quoted\n\n![pic](https://example.com/p.png)",
      ),
    );
    expect(document).toEqual([
      {
        type: "p",
        children: [
          { text: "Thanks " },
          { type: "mention", name: "alice", children: [{ text: "@alice" }] },
          { text: ", see " },
          { type: "a", url: "https://example.com/d", children: [{ text: "docs" }] },
          { text: " and " },
          { text: "x", code: true },
          { text: "." },
        ],
      },
      { type: "blockquote", children: [{ type: "p", children: [{ text: "quoted" }] }] },
      { type: "img", url: "https://example.com/p.png", alt: "pic", children: [{ text: "" }] },
    ]);
  });
});
