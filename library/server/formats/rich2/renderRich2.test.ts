import type { Rich2Document, Rich2Paragraph } from "@forum/api/rich2";
import { executableVectors } from "../xssAssertions";
import { RICH2_MAX_DEPTH, renderRich2 } from "./renderRich2";

function render(document: unknown) {
  const rendered = renderRich2(JSON.stringify(document));
  if (rendered === null) throw new Error("not a rich2 document");
  return rendered;
}

const p = (text: string): Rich2Paragraph => ({ type: "p", children: [{ text }] });

describe("renderRich2: node types", () => {
  it("renders paragraphs and headings", () => {
    const document: Rich2Document = [
      { type: "p", children: [{ text: "para" }] },
      { type: "h2", children: [{ text: "two" }] },
      { type: "h3", children: [{ text: "three" }] },
      { type: "h4", children: [{ text: "four" }] },
      { type: "h5", children: [{ text: "five" }] },
    ];
    const rendered = render(document);
    expect(rendered.html).toBe("<p>para</p><h2>two</h2><h3>three</h3><h4>four</h4><h5>five</h5>");
    expect(rendered.text).toBe("para\ntwo\nthree\nfour\nfive");
  });

  it("renders text marks, nested in a fixed order", () => {
    const document: Rich2Document = [
      {
        type: "p",
        children: [
          { text: "b", bold: true },
          { text: "i", italic: true },
          { text: "u", underline: true },
          { text: "s", strikethrough: true },
          { text: "c", code: true },
          { text: "all", bold: true, italic: true, underline: true, strikethrough: true, code: true },
        ],
      },
    ];
    expect(render(document).html).toBe(
      "<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><strong><em><u><s><code>all</code></s></u></em></strong></p>",
    );
  });

  it("turns newlines inside text into <br>", () => {
    expect(render([p("a\nb")]).html).toBe("<p>a<br>b</p>");
  });

  it("renders nested lists", () => {
    const document: Rich2Document = [
      {
        type: "ul",
        children: [
          { type: "li", children: [p("one")] },
          {
            type: "li",
            children: [p("two"), { type: "ol", children: [{ type: "li", children: [p("two.a")] }] }],
          },
        ],
      },
    ];
    const rendered = render(document);
    expect(rendered.html).toBe(
      "<ul><li><p>one</p></li><li><p>two</p><ol><li><p>two.a</p></li></ol></li></ul>",
    );
    expect(rendered.text).toBe("one\ntwo\ntwo.a");
  });

  it("wraps list children that are not list items", () => {
    expect(render([{ type: "ul", children: [p("loose")] }]).html).toBe("<ul><li><p>loose</p></li></ul>");
  });

  it("renders blockquotes, code blocks and rules", () => {
    const document: Rich2Document = [
      { type: "blockquote", children: [p("quoted")] },
      { type: "code_block", children: [{ text: "const a = '<b>';", bold: true }, { text: "a && b" }] },
      { type: "hr", children: [{ text: "" }] },
    ];
    expect(render(document).html).toBe(
      "<blockquote><p>quoted</p></blockquote>" +
        '<pre class="code codeBlock"><code>const a = &#39;&lt;b&gt;&#39;;\na &amp;&amp; b</code></pre><hr>',
    );
  });

  it("renders a spoiler the client can toggle", () => {
    expect(render([{ type: "spoiler", children: [p("secret")] }]).html).toBe(
      '<div class="spoiler"><button type="button" class="spoiler-toggle" aria-expanded="false">Spoiler</button>' +
        '<div class="spoiler-content" hidden><p>secret</p></div></div>',
    );
  });

  it("renders images and lists them, first as the main image", () => {
    const rendered = render([
      { type: "img", url: "https://e.com/a.png", alt: "A <cat>", children: [{ text: "" }] },
      { type: "img", url: "/uploads/b.png", children: [{ text: "" }] },
    ]);
    expect(rendered.html).toBe(
      '<img src="https://e.com/a.png" alt="A &lt;cat&gt;" loading="lazy"><img src="/uploads/b.png" alt="" loading="lazy">',
    );
    expect(rendered.images).toEqual(["https://e.com/a.png", "/uploads/b.png"]);
  });

  it("renders links, external ones with rel", () => {
    const rendered = render([
      {
        type: "p",
        children: [
          { type: "a", url: "https://example.com/x?a=1&b=2", children: [{ text: "ext", bold: true }] },
          { text: " " },
          { type: "a", url: "/discussion/1", children: [{ text: "int" }] },
          { type: "a", url: "mailto:a@example.com", children: [{ text: "mail" }] },
        ],
      },
    ]);
    expect(rendered.html).toBe(
      '<p><a href="https://example.com/x?a=1&amp;b=2" rel="nofollow ugc noopener"><strong>ext</strong></a> ' +
        '<a href="/discussion/1">int</a><a href="mailto:a@example.com" rel="nofollow ugc noopener">mail</a></p>',
    );
  });

  it("renders mentions as profile links and extracts them", () => {
    const rendered = render([
      {
        type: "p",
        children: [
          { text: "hi " },
          { type: "mention", name: "Jane Doe", userID: 4, children: [{ text: "" }] },
          { text: " and " },
          { type: "mention", name: "bob", children: [{ text: "" }] },
          { type: "mention", name: "bob", children: [{ text: "" }] },
        ],
      },
    ]);
    expect(rendered.html).toBe(
      '<p>hi <a class="atMention" data-username="Jane Doe" href="/profile/Jane%20Doe">@Jane Doe</a> and ' +
        '<a class="atMention" data-username="bob" href="/profile/bob">@bob</a>' +
        '<a class="atMention" data-username="bob" href="/profile/bob">@bob</a></p>',
    );
    expect(rendered.mentions).toEqual(["Jane Doe", "bob"]);
    expect(rendered.text).toBe("hi @Jane Doe and @bob@bob");
  });

  it("renders a quote with its author and permalink", () => {
    const rendered = render([
      {
        type: "quote",
        author: { name: "Ann", userID: 2 },
        url: "/discussion/comment/5#Comment_5",
        children: [p("earlier words")],
      },
      p("reply"),
    ]);
    expect(rendered.html).toBe(
      '<blockquote class="quote"><div class="quote-header"><a href="/discussion/comment/5#Comment_5">Ann</a> wrote:</div>' +
        '<div class="quote-body"><p>earlier words</p></div></blockquote><p>reply</p>',
    );
    expect(rendered.text).toBe("earlier words\nreply");
  });

  it("drops unknown node types but keeps their text, escaped", () => {
    const rendered = render([
      {
        type: "rich_embed_card",
        children: [{ text: "<card>" }, { type: "p", children: [{ text: "inner" }] }],
      },
      { type: "p", children: [{ type: "font", children: [{ text: "styled", bold: true }] }] },
    ]);
    expect(rendered.html).toBe("&lt;card&gt;inner<p>styled</p>");
  });

  it("ignores values that are not nodes", () => {
    const rendered = render([{ type: "p", children: [null, 5, "x", [], { text: 7 }, { text: "ok" }] }]);
    expect(rendered.html).toBe("<p>ok</p>");
  });

  it("answers null for anything that is not a rich2 document", () => {
    expect(renderRich2("{not json")).toBeNull();
    expect(renderRich2('{"type":"p"}')).toBeNull();
    expect(renderRich2("[1,2]")).toBeNull();
    expect(renderRich2("[]")).toEqual({ html: "", text: "", mentions: [], images: [], truncated: false });
  });
});

describe("renderRich2: limits", () => {
  it("stops at the depth limit without throwing", () => {
    const levels = 100_000;
    const raw = `[${'{"type":"blockquote","children":['.repeat(levels)}{"text":"deep"}${"]}".repeat(levels)}]`;
    const rendered = renderRich2(raw);
    if (rendered === null) throw new Error("not a rich2 document");
    expect(rendered.truncated).toBe(true);
    expect(rendered.html.match(/<blockquote>/g)?.length).toBeLessThanOrEqual(RICH2_MAX_DEPTH + 1);
  });

  it("stops at the node limit", () => {
    const many = Array.from({ length: 30_000 }, () => p("x"));
    const rendered = render(many);
    expect(rendered.truncated).toBe(true);
    expect(rendered.html.length).toBeLessThan(30_000 * "<p>x</p>".length);
  });
});

describe("renderRich2: hostile input", () => {
  const hostile: [name: string, document: unknown][] = [
    ["script in text", [p("<script>alert(1)</script>")]],
    ["img tag in text", [p('<img src=x onerror="alert(1)">')]],
    [
      "javascript: link",
      [{ type: "p", children: [{ type: "a", url: "javascript:alert(1)", children: [{ text: "x" }] }] }],
    ],
    [
      "obfuscated javascript: link",
      [
        {
          type: "p",
          children: [{ type: "a", url: " JaV\tA&#x53;cript:alert(1)", children: [{ text: "x" }] }],
        },
      ],
    ],
    [
      "data: link",
      [
        {
          type: "p",
          children: [
            { type: "a", url: "data:text/html,<script>alert(1)</script>", children: [{ text: "x" }] },
          ],
        },
      ],
    ],
    [
      "link url breaking the attribute",
      [{ type: "p", children: [{ type: "a", url: '/x" onclick="alert(1)', children: [{ text: "x" }] }] }],
    ],
    ["javascript: image", [{ type: "img", url: "javascript:alert(1)", children: [{ text: "" }] }]],
    [
      "data: image",
      [{ type: "img", url: "data:image/svg+xml,<svg onload=alert(1)>", children: [{ text: "" }] }],
    ],
    [
      "hostile alt",
      [{ type: "img", url: "/a.png", alt: '"><script>alert(1)</script>', children: [{ text: "" }] }],
    ],
    [
      "hostile mention name",
      [
        {
          type: "p",
          children: [{ type: "mention", name: '"><img src=x onerror=alert(1)>', children: [{ text: "" }] }],
        },
      ],
    ],
    [
      "hostile quote",
      [
        {
          type: "quote",
          author: { name: "<script>alert(1)</script>" },
          url: "javascript:alert(1)",
          children: [p("x")],
        },
      ],
    ],
    [
      "hostile type",
      [
        { type: "script", children: [{ text: "alert(1)" }] },
        { type: "img onerror=alert(1)", children: [] },
      ],
    ],
    ["hostile marks", [{ type: "p", children: [{ text: "<b>", bold: "<script>", code: true }] }]],
  ];

  it.each(hostile)("neutralises %s", (_name, document) => {
    const { html } = render(document);
    expect(executableVectors(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<img src="?x/i);
  });

  it("renders unsafe links as their text, and javascript: links as /", () => {
    const rendered = render([
      {
        type: "p",
        children: [
          { type: "a", url: "vbscript:x", children: [{ text: "v" }] },
          { type: "a", url: "javascript:alert(1)", children: [{ text: "j" }] },
        ],
      },
    ]);
    expect(rendered.html).toBe('<p>v<a href="/">j</a></p>');
  });
});
