import { sanitizeHtml, sanitizeHtmlDetailed } from "./sanitizeHtml";
import { executableVectors } from "./xssAssertions";

const XSS_VECTORS: [name: string, input: string][] = [
  ["script element", "<script>alert(1)</script>ok"],
  ["script with attributes", '<script type="text/javascript" src="//evil.example/x.js"></script>ok'],
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["img onerror, no quotes or spaces", "<img/src=x/onerror=alert(1)>"],
  ["javascript: href", '<a href="javascript:alert(1)">x</a>'],
  ["mixed-case javascript:", '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ["tab inside javascript:", '<a href="jav\tascript:alert(1)">x</a>'],
  ["newline inside javascript:", '<a href="java\nscript:alert(1)">x</a>'],
  ["entity tab inside javascript:", '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ["decimal entity j", '<a href="&#106;avascript:alert(1)">x</a>'],
  ["hex entity j", '<a href="&#x6A;avascript:alert(1)">x</a>'],
  [
    "entities without semicolons",
    '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>',
  ],
  ["leading spaces", '<a href="   javascript:alert(1)">x</a>'],
  ["leading control character", '<a href="&#1;javascript:alert(1)">x</a>'],
  ["&colon; entity", '<a href="javascript&colon;alert(1)">x</a>'],
  ["data:text/html link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["data: image source", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ["vbscript:", '<a href="vbscript:msgbox(1)">x</a>'],
  ["svg onload", "<svg onload=alert(1)><circle r=1></circle></svg>"],
  ["svg with script", "<svg><script>alert(1)</script></svg>"],
  ["attribute breaking quotes", '<a href="https://x.example/" onclick="alert(1)" title=""><b>x</b></a>'],
  ["quote in attribute value", '<img src="https://x.example/a.png" alt="&quot; onerror=&quot;alert(1)">'],
  ["unquoted attribute breakout", '<a href=https://x.example/"onmouseover=alert(1)//>x</a>'],
  ["iframe", '<iframe src="javascript:alert(1)"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["style element", "<style>body{background:url(javascript:alert(1))}</style>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["math element", '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
  ["nested script tags", "<scr<script>ipt>alert(1)</scr</script>ipt>"],
  ["object", '<object data="javascript:alert(1)"></object>'],
  ["embed", '<embed src="javascript:alert(1)">'],
  ["form action", '<form action="javascript:alert(1)"><input type="submit"></form>'],
  ["button formaction", '<button formaction="javascript:alert(1)">x</button>'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["base href", '<base href="javascript:alert(1)//">'],
  ["link import", '<link rel="import" href="data:text/html,<script>alert(1)</script>">'],
  ["comment hiding script", "<!--><script>alert(1)</script>-->"],
  ["conditional comment", "<!--[if IE]><script>alert(1)</script><![endif]-->"],
  ["noscript mutation", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ["template", "<template><script>alert(1)</script></template>"],
  ["textarea breakout", "<textarea></textarea><script>alert(1)</script>"],
  ["event handler on allowed element", '<div class="spoiler" onmouseover="alert(1)">x</div>'],
  ["uppercase tags", "<SCRIPT>alert(1)</SCRIPT><IMG SRC=x ONERROR=alert(1)>"],
  ["null byte in tag", "<scr\u0000ipt>alert(1)</scr\u0000ipt>"],
  [
    "srcset and xlink",
    '<img src="https://x.example/a.png" srcset="javascript:alert(1)"><a xlink:href="javascript:alert(1)">x</a>',
  ],
  ["img javascript src", '<img src="javascript:alert(1)">'],
];

describe("sanitizeHtml: XSS vectors", () => {
  it.each(XSS_VECTORS)("neutralises %s", (_name, input) => {
    const output = sanitizeHtml(input);
    expect(executableVectors(output)).toEqual([]);
    // Parsed like a browser: no element, attribute or URL outside the allow-list (text may mention them).
    expect(output).not.toMatch(/<\/?(script|iframe|svg|math|style|object|embed|form|meta|base|link)\b/i);
  });

  it("keeps the text of links whose scheme is dropped, and turns javascript: into /", () => {
    expect(sanitizeHtml('<a href="vbscript:x">keep me</a>')).toBe("keep me");
    expect(sanitizeHtml('<a href="JaVa\tScRiPt:alert(1)">x</a>')).toBe('<a href="/">x</a>');
  });

  it("drops the content of script and style, keeps the content of other dropped elements", () => {
    expect(sanitizeHtml("a<script>alert(1)</script>b<style>p{}</style>c")).toBe("abc");
    expect(sanitizeHtml("<font color=red>red</font> <marquee>m</marquee>")).toBe("red m");
  });
});

describe("sanitizeHtml: allowed markup", () => {
  it("keeps the allow-listed elements", () => {
    const input =
      "<p>a<br>b</p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>s</s><del>d</del><code>c</code>" +
      "<pre>p</pre><blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><h2>2</h2><h3>3</h3>" +
      "<h4>4</h4><h5>5</h5><h6>6</h6><hr><table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>";
    expect(sanitizeHtml(input)).toBe(input);
  });

  it("maps h1 to h2 and structural elements to div", () => {
    expect(sanitizeHtml("<h1>Title</h1><section>s</section>")).toBe("<h2>Title</h2><div>s</div>");
  });

  it("keeps only allow-listed classes", () => {
    expect(sanitizeHtml('<div class="spoiler evil spoiler">x</div><span class="bad">y</span>')).toBe(
      '<div class="spoiler">x</div><span>y</span>',
    );
    expect(sanitizeHtml('<pre class="code codeBlock"><code>x</code></pre>')).toBe(
      '<pre class="code codeBlock"><code>x</code></pre>',
    );
  });

  it("writes link attributes from the allow-list and forces rel on external links", () => {
    expect(sanitizeHtml('<a href="https://example.com" title="t" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" title="t" rel="nofollow ugc noopener">x</a>',
    );
    expect(sanitizeHtml('<a href="/discussion/1">x</a>')).toBe('<a href="/discussion/1">x</a>');
    expect(sanitizeHtml('<a name="anchor">x</a>')).toBe("x");
  });

  it("writes image attributes from the allow-list", () => {
    expect(sanitizeHtml('<img src="https://e.com/a.png" alt="A" width="20" height="x" class="c">')).toBe(
      '<img src="https://e.com/a.png" alt="A" width="20" loading="lazy">',
    );
  });

  it("keeps the spoiler markup of the rich2 renderer", () => {
    const spoiler =
      '<div class="spoiler"><button type="button" class="spoiler-toggle" aria-expanded="false">Spoiler</button><div class="spoiler-content" hidden>x</div></div>';
    expect(sanitizeHtml(spoiler)).toBe(
      '<div class="spoiler"><button class="spoiler-toggle" type="button" aria-expanded="false">Spoiler</button><div class="spoiler-content" hidden>x</div></div>',
    );
  });

  it("escapes text and re-escapes entities", () => {
    expect(sanitizeHtml("a &lt;b&gt; &amp; \"q\" 'x'")).toBe("a &lt;b&gt; &amp; &quot;q&quot; &#39;x&#39;");
  });

  it("drops comments and doctype", () => {
    expect(sanitizeHtml("<!DOCTYPE html><!-- secret -->x")).toBe("x");
  });

  it("closes unclosed elements and ignores stray closing tags", () => {
    expect(sanitizeHtml("<p><strong>x")).toBe("<p><strong>x</strong></p>");
    expect(sanitizeHtml("x</div></em>")).toBe("x");
  });

  it("stops nesting past the depth limit but keeps the text", () => {
    const deep = "<div>".repeat(500) + "deep" + "</div>".repeat(500);
    const output = sanitizeHtmlDetailed(deep);
    expect(output.html.match(/<div>/g)).toHaveLength(100);
    expect(output.text).toBe("deep");
  });
});

describe("sanitizeHtmlDetailed", () => {
  it("returns plain text with a line per block, images and mention links", () => {
    const output = sanitizeHtmlDetailed(
      '<p>Hello @alice</p><p>line<br>two <a href="/x">@not</a> <code>@code</code></p><img src="/a.png"><img src="/b.png">',
      { linkMentions: true },
    );
    expect(output.text).toBe("Hello @alice\nline\ntwo @not @code");
    expect(output.images).toEqual(["/a.png", "/b.png"]);
    expect(output.mentions).toEqual(["alice"]);
    expect(output.html).toContain(
      '<a class="atMention" data-username="alice" href="/profile/alice">@alice</a>',
    );
    expect(output.html).toContain("<code>@code</code>");
  });

  it("counts existing mention links as mentions", () => {
    const output = sanitizeHtmlDetailed(
      '<a class="atMention" data-username="bob" href="/profile/bob">@bob</a>',
    );
    expect(output.mentions).toEqual(["bob"]);
    const forged = '<a class="atMention" data-username="admin" href="https://evil.example">@admin</a>';
    expect(sanitizeHtmlDetailed(forged).mentions).toEqual([]);
  });

  it("does not link mentions unless asked", () => {
    expect(sanitizeHtmlDetailed("@alice").html).toBe("@alice");
  });
});
