import { readWidgetProps } from "../testing/widgetProps";
import { html, jsonForScript, jsonStringInProps, raw, widget } from "./html";

describe("html", () => {
  it("escapes every interpolated string", () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<b>${name}</b>`.value).toBe(
      "<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</b>",
    );
  });

  it("keeps SafeHtml and joins arrays", () => {
    const items = ["a", "<b>"].map((item) => html`<li>${item}</li>`);
    const rule = raw("<hr>");
    expect(html`${items}${rule}`.value).toBe("<li>a</li><li>&lt;b&gt;</li><hr>");
  });

  it("writes nested lists in order, escaping their strings and leaving out empty values", () => {
    const thread = [
      html`<p>${"one & two"}</p>`,
      [html`<i>${["<x>", null, "y"]}</i>`, false, undefined, 3],
      "'",
    ];
    expect(html`<div>${thread}</div>`.value).toBe("<div><p>one &amp; two</p><i>&lt;x&gt;y</i>3&#39;</div>");
  });

  it("writes JSON that cannot close a script tag", () => {
    expect(jsonForScript({ body: "</script><script>" })).not.toContain("</script>");
  });

  it("writes a widget mount point whose props cannot leave the attribute", () => {
    const markup = widget("div", "TitleBar", { title: `"quoted" it's <b>&amp;` }, html`fallback`).value;
    expect(markup).toBe(
      `<div data-react="TitleBar" data-props='{"title":"\\"quoted\\" it&#39;s &lt;b>&amp;amp;"}'>fallback</div>`,
    );
    expect(readWidgetProps(markup, "TitleBar")).toEqual([{ title: `"quoted" it's <b>&amp;` }]);
  });

  it("writes a string of a widget's props as the widget does, wherever it sits in them", () => {
    const strings = [`/d/1?x='a'&y="b"<c>`, "line\u2028sep\u2029", "é › 😀 \ud800", "tab\tnew\nline\\", ""];
    for (const value of strings) {
      const markup = widget(
        "div",
        "TitleBar",
        { before: 1, currentUrl: value, after: [value] },
        html``,
      ).value;
      expect(markup).toContain(
        `"currentUrl":"${jsonStringInProps(value)}","after":["${jsonStringInProps(value)}"]`,
      );
      expect(readWidgetProps(markup, "TitleBar")).toEqual([{ before: 1, currentUrl: value, after: [value] }]);
    }
  });

  it("writes a widget's extra attributes escaped, after its props, around its fallback", () => {
    const markup = widget("section", "Panel", { open: true }, html`<p>${"a < b"}</p>`, {
      "aria-label": `Tom's "panel" & more`,
      id: "panel-1",
    }).value;
    expect(markup).toBe(
      `<section data-react="Panel" data-props='{"open":true}' aria-label="Tom&#39;s &quot;panel&quot; &amp; more" id="panel-1"><p>a &lt; b</p></section>`,
    );
  });
});
