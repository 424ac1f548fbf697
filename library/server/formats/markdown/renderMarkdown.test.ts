import { executableVectors } from "../xssAssertions";
import { renderMarkdown } from "./renderMarkdown";

describe("renderMarkdown", () => {
  it("renders common markdown", () => {
    const { html, text } = renderMarkdown(
      "# Title\n\nSome **bold** and _em_ and `code`.\n\n- a\n- b\n\n> quoted",
    );
    expect(html).toBe(
      "<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>em</em> and <code>code</code>.</p>\n" +
        "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n",
    );
    expect(text).toBe("Title\nSome bold and em and code.\na\nb\nquoted");
  });

  it("turns single newlines into <br>", () => {
    expect(renderMarkdown("one\ntwo").html).toBe("<p>one<br>\ntwo</p>\n");
  });

  it("renders fenced and indented code as a code block", () => {
    expect(renderMarkdown("```js\nconst a = '<b>';\n```").html).toBe(
      '<pre class="code codeBlock"><code>const a = &#39;&lt;b&gt;&#39;;\n</code></pre>\n',
    );
    expect(renderMarkdown("    indented").html).toBe(
      '<pre class="code codeBlock"><code>indented\n</code></pre>\n',
    );
  });

  it("links URLs (linkify) with rel, and keeps links and images", () => {
    const { html, images } = renderMarkdown(
      "see https://example.com and [docs](/docs) ![cat](https://e.com/cat.png)",
    );
    expect(html).toContain(
      '<a href="https://example.com" rel="nofollow ugc noopener">https://example.com</a>',
    );
    expect(html).toContain('<a href="/docs">docs</a>');
    expect(html).toContain('<img src="https://e.com/cat.png" alt="cat" loading="lazy">');
    expect(images).toEqual(["https://e.com/cat.png"]);
  });

  it("links @mentions, but not inside code or links", () => {
    const { html, mentions } = renderMarkdown('hi @alice and @"Jane Doe", `@code` [@link](/x)');
    expect(mentions).toEqual(["alice", "Jane Doe"]);
    expect(html).toContain('<a class="atMention" data-username="alice" href="/profile/alice">@alice</a>');
    expect(html).toContain(
      '<a class="atMention" data-username="Jane Doe" href="/profile/Jane%20Doe">@Jane Doe</a>',
    );
    expect(html).toContain("<code>@code</code>");
    expect(html).toContain('<a href="/x">@link</a>');
  });

  it.each([
    ["javascript: link", "[x](javascript:alert(1))"],
    ["obfuscated javascript: link", "[x](JaVaScRiPt:alert(1))"],
    ["entity javascript: link", "[x](&#106;avascript:alert(1))"],
    ["javascript: in an autolink", "<javascript:alert(1)>"],
    ["data: link", "[x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["vbscript: link", "[x](vbscript:msgbox)"],
    ["data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["raw script", "<script>alert(1)</script>"],
    ["raw img onerror", "<img src=x onerror=alert(1)>"],
    ["raw html block", '<div onmouseover="alert(1)">\n\nhi\n\n</div>'],
    ["reference link", "[x][r]\n\n[r]: javascript:alert(1)"],
    ["title breaking out", '[x](/a "t\\" onclick=\\"alert(1)")'],
  ])("neutralises %s", (_name, input) => {
    const { html } = renderMarkdown(input);
    expect(executableVectors(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<img src="?x|<div on/i);
  });

  it("shows raw HTML as text", () => {
    expect(renderMarkdown("<b>hi</b>").html).toBe("<p>&lt;b&gt;hi&lt;/b&gt;</p>\n");
  });
});
