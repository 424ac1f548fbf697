import { executableVectors } from "../xssAssertions";
import { renderText } from "./renderText";

describe("renderText", () => {
  it("makes paragraphs at blank lines and <br> at single newlines", () => {
    const { html, text } = renderText("one\ntwo\r\n\r\n\n three ");
    expect(html).toBe("<p>one<br>two</p><p>three</p>");
    expect(text).toBe("one\ntwo\nthree");
  });

  it("escapes everything", () => {
    expect(renderText(`<script>alert("x")</script> & 'q'`).html).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>",
    );
  });

  it("links http(s) URLs, leaving trailing punctuation outside", () => {
    expect(renderText("see https://example.com/a?b=1&c=2. or (http://x.example/y)").html).toBe(
      '<p>see <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener">https://example.com/a?b=1&amp;c=2</a>. ' +
        'or (<a href="http://x.example/y" rel="nofollow ugc noopener">http://x.example/y</a>)</p>',
    );
  });

  it("does not link other schemes", () => {
    const { html } = renderText("javascript:alert(1) data:text/html,x ftp://x");
    expect(html).toBe("<p>javascript:alert(1) data:text/html,x ftp://x</p>");
    expect(executableVectors(html)).toEqual([]);
  });

  it("neutralises a URL that tries to break out of the attribute", () => {
    const { html } = renderText('https://x.example/"onmouseover="alert(1)');
    expect(executableVectors(html)).toEqual([]);
    expect(html).not.toMatch(/" onmouseover|"onmouseover="alert/);
  });

  it("links mentions", () => {
    const { html, mentions } = renderText('@alice, @"Jane Doe" hi');
    expect(mentions).toEqual(["alice", "Jane Doe"]);
    expect(html).toContain('<a class="atMention" data-username="alice" href="/profile/alice">@alice</a>,');
  });
});
