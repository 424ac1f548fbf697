// How long rendering a body takes per format (figures, not a test): a 5,000-character document, 1,000 renders.
//   npx tsx scripts/bench/renderBodies.ts
import type { BodyFormat, Rich2Document } from "../../packages/api/src/rich2";
import { renderBody } from "../../library/server/formats/renderBody";

function timed(format: BodyFormat, raw: string, runs = 1000): string {
  renderBody(format, raw);
  const start = performance.now();
  for (let run = 0; run < runs; run++) renderBody(format, raw);
  return `| ${format} | ${((performance.now() - start) / runs).toFixed(3)} | ${raw.length} |`;
}

const sentence = "Some words with **bold**, a link https://example.com/page and @alice. ";
const markdown = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);
const blocks: Rich2Document = [];
for (let length = 0; length < 5000; length += 60) {
  blocks.push({
    type: "p",
    children: [
      { text: "Some words with " },
      { text: "bold", bold: true },
      { text: ", a " },
      { type: "a", url: "https://example.com/page", children: [{ text: "link" }] },
      { text: " and " },
      { type: "mention", name: "alice", children: [{ text: "" }] },
      { text: "." },
    ],
  });
}
const html = markdown.replace(/\*\*(\w+)\*\*/g, "<strong>$1</strong>");
process.stdout.write(
  [
    "| format | ms per render | raw characters |",
    "|---|---|---|",
    timed("rich2", JSON.stringify(blocks)),
    timed("markdown", markdown),
    timed("text", markdown),
    timed("wysiwyg", `<p>${html}</p>`),
    "",
  ].join("\n"),
);
