import type {
  Rich2Block,
  Rich2Document,
  Rich2Inline,
  Rich2ListItem,
  Rich2Paragraph,
  Rich2Text,
} from "@forum/api/rich2";

type Marks = Omit<Rich2Text, "text">;

const MARK_TAGS: Record<string, keyof Marks> = {
  STRONG: "bold",
  B: "bold",
  EM: "italic",
  I: "italic",
  S: "strikethrough",
  DEL: "strikethrough",
  STRIKE: "strikethrough",
  U: "underline",
  CODE: "code",
};
const HEADINGS: Record<string, Rich2Block["type"]> = {
  H1: "h2",
  H2: "h2",
  H3: "h3",
  H4: "h4",
  H5: "h5",
  H6: "h5",
};
/** Elements that are blocks in the rendered body; anything else is inline (or a transparent wrapper). */
const BLOCK_TAGS = new Set([
  "P",
  "DIV",
  "SECTION",
  "ARTICLE",
  "BLOCKQUOTE",
  "PRE",
  "UL",
  "OL",
  "LI",
  "HR",
  "IMG",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TD",
  "TH",
  "FIGURE",
  "DETAILS",
  ...Object.keys(HEADINGS),
]);

function isBlockElement(node: Node): node is Element {
  return node.nodeType === Node.ELEMENT_NODE && BLOCK_TAGS.has((node as Element).tagName);
}

function text(value: string, marks: Marks): Rich2Text {
  return { text: value, ...marks };
}

/** Joins neighbouring texts with the same marks, and drops empty ones (keeping one when nothing else is left). */
function tidyInlines(inlines: Rich2Inline[]): Rich2Inline[] {
  const out: Rich2Inline[] = [];
  for (const inline of inlines) {
    const previous = out[out.length - 1];
    if (!("type" in inline) && previous && !("type" in previous)) {
      const { text: a, ...marksA } = previous;
      const { text: b, ...marksB } = inline;
      if (JSON.stringify(marksA) === JSON.stringify(marksB)) {
        out[out.length - 1] = { ...previous, text: a + b };
        continue;
      }
    }
    if (!("type" in inline) && inline.text === "") continue;
    out.push(inline);
  }
  return out.length > 0 ? out : [{ text: "" }];
}

/** Whitespace as a browser shows it: runs collapse to one space. */
function collapse(value: string): string {
  return value.replace(/[\t\n\r ]+/g, " ");
}

/** Trims the collapsed spaces at the edges of a block's first and last texts. */
function trimEdges(inlines: Rich2Inline[]): Rich2Inline[] {
  const first = inlines[0];
  if (first && !("type" in first)) inlines[0] = { ...first, text: first.text.replace(/^ +/, "") };
  const lastIndex = inlines.length - 1;
  const last = inlines[lastIndex];
  if (last && !("type" in last)) inlines[lastIndex] = { ...last, text: last.text.replace(/ +$/, "") };
  return inlines;
}

function inlineChildren(nodes: NodeListOf<ChildNode> | ChildNode[], marks: Marks): Rich2Inline[] {
  const out: Rich2Inline[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(text(collapse(node.textContent ?? ""), marks));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === "BR") {
      out.push(text("\n", marks));
      continue;
    }
    if (tag === "A") {
      const username = element.getAttribute("data-username");
      if (element.classList.contains("atMention") && username) {
        out.push({ type: "mention", name: username, children: [{ text: `@${username}` }] });
        continue;
      }
      const href = element.getAttribute("href");
      const children = inlineChildren(element.childNodes, marks).flatMap((child) =>
        "type" in child ? child.children : [child],
      );
      if (href) out.push({ type: "a", url: href, children: tidyInlines(children) as Rich2Text[] });
      else out.push(...children);
      continue;
    }
    const mark = MARK_TAGS[tag];
    out.push(...inlineChildren(element.childNodes, mark ? { ...marks, [mark]: true } : marks));
  }
  return out;
}

function paragraph(children: Rich2Inline[]): Rich2Paragraph {
  return { type: "p", children: tidyInlines(trimEdges(tidyInlines(children))) };
}

function hasContent(inlines: Rich2Inline[]): boolean {
  return inlines.some((inline) => "type" in inline || inline.text.trim() !== "");
}

function listItem(element: Element): Rich2ListItem {
  const children: Rich2ListItem["children"] = [];
  for (const block of blocksOf(element.childNodes)) {
    if (block.type === "p" || block.type === "ul" || block.type === "ol") children.push(block);
    else if (
      "children" in block &&
      block.type !== "img" &&
      block.type !== "hr" &&
      block.type !== "code_block"
    )
      children.push(...blocksToParagraphs(block.children as Rich2Block[]));
    else children.push(paragraph([{ text: textOf(block) }]));
  }
  return { type: "li", children: children.length > 0 ? children : [paragraph([])] };
}

function textOf(block: Rich2Block): string {
  if (block.type === "code_block") return block.children.map((child) => child.text).join("\n");
  if (block.type === "img") return block.alt ?? "";
  return "";
}

function blocksToParagraphs(blocks: Rich2Block[]): Rich2Paragraph[] {
  return blocks.flatMap((block) => (block.type === "p" ? [block] : []));
}

function codeBlock(element: Element): Rich2Block {
  const code = (element.textContent ?? "").replace(/\n$/, "");
  return { type: "code_block", children: code.split("\n").map((line) => ({ text: line })) };
}

function elementBlocks(element: Element): Rich2Block[] {
  const tag = element.tagName;
  const heading = HEADINGS[tag];
  if (heading)
    return [
      { type: heading, children: paragraph(inlineChildren(element.childNodes, {})).children } as Rich2Block,
    ];
  switch (tag) {
    case "P": {
      // An image in a paragraph (Markdown puts them there) becomes an image block between the text around it.
      if (element.querySelector("img")) return blocksOf(element.childNodes);
      return [paragraph(inlineChildren(element.childNodes, {}))];
    }
    case "UL":
    case "OL":
      return [
        {
          type: tag === "UL" ? "ul" : "ol",
          children: Array.from(element.children)
            .filter((child) => child.tagName === "LI")
            .map(listItem),
        },
      ];
    case "LI":
      return blocksOf(element.childNodes);
    case "PRE":
      return [codeBlock(element)];
    case "HR":
      return [{ type: "hr", children: [{ text: "" }] }];
    case "IMG": {
      const url = element.getAttribute("src");
      if (!url) return [];
      const alt = element.getAttribute("alt") ?? "";
      return [{ type: "img", url, ...(alt ? { alt } : {}), children: [{ text: "" }] }];
    }
    case "BLOCKQUOTE": {
      // A quoted post keeps its words; the "… wrote:" header is the renderer's, not the author's.
      const body = element.classList.contains("quote") ? element.querySelector(".quote-body") : element;
      const children = blocksOf((body ?? element).childNodes);
      return [{ type: "blockquote", children: children.length > 0 ? children : [paragraph([])] }];
    }
    case "DIV":
      if (element.classList.contains("spoiler")) {
        const content = element.querySelector(".spoiler-content") ?? element;
        const children = blocksOf(content.childNodes);
        return [{ type: "spoiler", children: children.length > 0 ? children : [paragraph([])] }];
      }
      return blocksOf(element.childNodes);
    default:
      return blocksOf(element.childNodes);
  }
}

/** Block children, with runs of loose inline content gathered into paragraphs. */
function blocksOf(nodes: NodeListOf<ChildNode> | ChildNode[]): Rich2Block[] {
  const blocks: Rich2Block[] = [];
  let loose: ChildNode[] = [];
  const flush = () => {
    const inlines = inlineChildren(loose, {});
    if (hasContent(inlines)) blocks.push(paragraph(inlines));
    loose = [];
  };
  for (const node of Array.from(nodes)) {
    if (isBlockElement(node)) {
      flush();
      blocks.push(...elementBlocks(node));
    } else if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === "BUTTON") {
      continue;
    } else {
      loose.push(node);
    }
  }
  flush();
  return blocks;
}

/**
 * A post's rendered (sanitised) HTML as a rich2 document, so a Markdown, text or HTML post opens in the rich
 * editor showing what readers see: paragraphs and line breaks, headings, bold/italic/strike/code, links,
 * @mentions, lists, quotes, code blocks, spoilers, images and rules.
 */
export function htmlToRich2(html: string): Rich2Document {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const blocks = blocksOf(parsed.body.childNodes);
  return blocks.length > 0 ? blocks : [paragraph([])];
}
