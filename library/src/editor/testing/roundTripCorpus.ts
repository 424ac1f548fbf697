import type { BodyFormat } from "@forum/api/rich2";

/**
 * Posts as members write them in each format: the round-trip tests open every one in the rich editor and
 * check that saving it again shows the same thing.
 */
export const ROUND_TRIP_CORPUS: Record<Exclude<BodyFormat, "rich2">, string[]> = {
  markdown: [
    "Hello **world**, this is _important_ and ~~wrong~~.",
    'Thanks @alice for the tip! cc @"Bob Smith"',
    [
      "## Steps to reproduce",
      "",
      "1. Open the **settings** page",
      "2. Click `Save` twice",
      "3. See the error",
      "",
      "Expected: nothing happens.",
    ].join("\n"),
    [
      "> I can't get the export to work.",
      "> It stops at 99%.",
      "",
      "Same here. Try this:",
      "",
      "```",
      "npm run export -- --resume",
      "echo done",
      "```",
    ].join("\n"),
    "See [the docs](https://example.com/docs/export) or https://example.com/faq for more.\nSecond line right after.",
    "![Screenshot of the dialog](https://example.com/shot.png)\n\nThe dialog above is cut off.",
    [
      "- first point",
      "- second point with **bold**",
      "  - nested point",
      "- third point",
      "",
      "---",
      "",
      "Done.",
    ].join("\n"),
    "Inline `code` and a [link with **bold** inside](https://example.com/x) in one *sentence*.",
  ],
  text: [
    "Plain text with <b>not bold</b> and & ampersands.\nA second line.\n\nA new paragraph for @carol.",
    "Visit https://example.com/help for help.",
  ],
  wysiwyg: [
    '<p>Hello <strong>world</strong> and <em>you</em>.</p><p>A <a href="https://example.com/a">link</a>.</p>',
    "<h2>Release notes</h2><ul><li>Faster search</li><li>New <b>editor</b></li></ul><blockquote><p>Best release yet.</p></blockquote>",
    '<p>Line one<br>Line two</p><pre><code>const x = 1;\nconsole.log(x);</code></pre><p><img src="https://example.com/i.png" alt="chart"></p>',
    "<p>Hi @dave, <s>old</s> <u>new</u> and <code>inline</code>.</p><hr><p>Bye</p>",
  ],
};
