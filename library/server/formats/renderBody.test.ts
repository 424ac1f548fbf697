import type { BodyFormat, Rich2Document } from "@forum/api/rich2";
import { excerptOf, renderBody, validateBody } from "./renderBody";
import { executableVectors } from "./xssAssertions";

const rich2 = (document: Rich2Document) => JSON.stringify(document);
const paragraph = (text: string): Rich2Document[number] => ({ type: "p", children: [{ text }] });

describe("renderBody", () => {
  it("renders every launch format", () => {
    expect(renderBody("rich2", rich2([paragraph("Hi @x")])).html).toBe("<p>Hi @x</p>");
    expect(renderBody("markdown", "**Hi**").html).toBe("<p><strong>Hi</strong></p>\n");
    expect(renderBody("text", "Hi <b>").html).toBe("<p>Hi &lt;b&gt;</p>");
    expect(renderBody("wysiwyg", "<p onclick=x>Hi</p><script>x</script>").html).toBe("<p>Hi</p>");
  });

  it("returns text, mentions and images", () => {
    const body = renderBody(
      "rich2",
      rich2([
        {
          type: "p",
          children: [{ text: "Hello " }, { type: "mention", name: "ann", children: [{ text: "" }] }],
        },
        { type: "img", url: "https://e.com/main.png", children: [{ text: "" }] },
        { type: "img", url: "https://e.com/second.png", children: [{ text: "" }] },
      ]),
    );
    expect(body).toEqual({
      html: expect.any(String) as string,
      text: "Hello @ann",
      mentions: ["ann"],
      images: ["https://e.com/main.png", "https://e.com/second.png"],
    });
  });

  it("extracts mentions from markdown, text and wysiwyg", () => {
    expect(renderBody("markdown", 'hi @bob and @"Jane Doe"').mentions).toEqual(["bob", "Jane Doe"]);
    expect(renderBody("text", "@bob").mentions).toEqual(["bob"]);
    expect(renderBody("wysiwyg", "<p>@bob</p>").mentions).toEqual(["bob"]);
  });

  it("shows a rich2 body that is not valid JSON as escaped text instead of failing", () => {
    expect(renderBody("rich2", "<script>x</script>").html).toBe("<p>&lt;script&gt;x&lt;/script&gt;</p>");
  });

  it.each<[BodyFormat, string]>([
    [
      "rich2",
      rich2([
        { type: "p", children: [{ type: "a", url: "jav&#x09;ascript:alert(1)", children: [{ text: "x" }] }] },
      ]),
    ],
    ["markdown", "[x](javascript:alert(1)) <img src=x onerror=alert(1)>"],
    ["text", "<svg onload=alert(1)>"],
    ["wysiwyg", '<a href="jav&#x09;ascript:alert(1)">x</a><img src=x onerror=alert(1)><svg onload=alert(1)>'],
  ])("never lets script through in %s", (format, raw) => {
    expect(executableVectors(renderBody(format, raw).html)).toEqual([]);
  });
});

describe("validateBody", () => {
  it("accepts a valid body in every format", () => {
    expect(validateBody("rich2", rich2([paragraph("hello")]))).toEqual([]);
    expect(validateBody("markdown", "hello")).toEqual([]);
    expect(validateBody("text", "hello")).toEqual([]);
    expect(validateBody("wysiwyg", "<p>hello</p>")).toEqual([]);
  });

  it("rejects an unknown format on the format field", () => {
    expect(validateBody("bbcode", "[b]x[/b]")).toEqual([
      {
        field: "format",
        code: "enum",
        message: "format must be one of: rich2, markdown, text, wysiwyg.",
        status: 422,
      },
    ]);
  });

  it.each(["{not json", '{"type":"p"}', '"text"', "[1]", "null"])(
    "rejects %j as not a rich2 document",
    (raw) => {
      expect(validateBody("rich2", raw)).toEqual([
        {
          field: "body",
          code: "invalidRich2",
          message: "The body is not a valid rich2 document.",
          status: 422,
        },
      ]);
    },
  );

  it("rejects a rich2 document past the depth limit", () => {
    const deep = `[${'{"type":"blockquote","children":['.repeat(50)}{"text":"x"}${"]}".repeat(50)}]`;
    expect(validateBody("rich2", deep)[0]?.message).toBe("The body is not a valid rich2 document.");
  });

  it.each<[string, string]>([
    ["rich2", "[]"],
    ["rich2", rich2([paragraph("  "), { type: "hr", children: [{ text: "" }] }])],
    ["markdown", "   \n\n  "],
    ["text", ""],
    ["wysiwyg", "<p><br></p><script>text in a script</script>"],
  ])("requires text in %s (%j)", (format, raw) => {
    expect(validateBody(format, raw)).toEqual([
      { field: "body", code: "required", message: "body is required.", status: 422 },
    ]);
  });

  it("accepts a body that is only an image", () => {
    expect(validateBody("rich2", rich2([{ type: "img", url: "/a.png", children: [{ text: "" }] }]))).toEqual(
      [],
    );
  });

  it("counts plain text, not markup, against the limit", () => {
    const exactly = "x".repeat(8000);
    expect(validateBody("wysiwyg", `<p><strong>${exactly}</strong></p>`)).toEqual([]);
    expect(validateBody("text", `${exactly}y`)).toEqual([
      {
        field: "body",
        code: "maxLength",
        message: "body must be at most 8000 characters (it has 8001).",
        status: 422,
      },
    ]);
    expect(validateBody("rich2", rich2([paragraph("x".repeat(11))]), { maxLength: 10 })[0]?.message).toBe(
      "body must be at most 10 characters (it has 11).",
    );
  });
});

describe("excerptOf", () => {
  it("returns short text as is, with whitespace collapsed", () => {
    expect(excerptOf("  a\n\nb  c ")).toBe("a b c");
  });

  it("cuts at a word boundary and ends with …", () => {
    const excerpt = excerptOf("The quick brown fox jumps over the lazy dog", 20);
    expect(excerpt).toBe("The quick brown fox…");
    expect(excerpt.length).toBeLessThanOrEqual(20);
  });

  it("drops punctuation before the ellipsis", () => {
    expect(excerptOf("Hello, world, and more words here", 14)).toBe("Hello, world…");
  });

  it("cuts a single long word hard", () => {
    expect(excerptOf("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("reads a long body's start as if the whole body were flattened first", () => {
    // The excerpt flattens only the start it shows: compared with flattening all of it, on texts whose white
    // space runs fall anywhere (at the cut, across it, at the very end).
    const whole = (text: string, length: number): string => {
      const flat = text.replace(/\s+/g, " ").trim();
      if (flat.length <= length) return flat;
      let cut = flat.slice(0, length - 1);
      if (flat[length - 1] !== " ") {
        const space = cut.lastIndexOf(" ");
        if (space > 0) cut = cut.slice(0, space);
      }
      return `${cut.replace(/[\s,.;:!?-]+$/, "").replace(/[\ud800-\udbff]$/, "")}…`;
    };
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % below;
    };
    const pieces = ["word", "a", " ", "  ", "\n\n", "\t ", ",", ".", "é", "😀", " ".repeat(40)];
    for (let round = 0; round < 2000; round += 1) {
      let text = "";
      const parts = next(120);
      for (let part = 0; part < parts; part += 1) text += pieces[next(pieces.length)];
      const length = 1 + next(60);
      expect(excerptOf(text, length)).toBe(whole(text, length));
    }
  });

  it("defaults to 325 characters", () => {
    const excerpt = excerptOf("word ".repeat(200));
    expect(excerpt.length).toBeLessThanOrEqual(325);
    expect(excerpt.endsWith("word…")).toBe(true);
  });
});
