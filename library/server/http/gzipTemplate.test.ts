import zlib from "node:zlib";
import { compressAroundHoles, fillGzipTemplate } from "./gzipTemplate";

let seed = 11;
function random(below: number): number {
  seed = (seed * 48271) % 2147483647;
  return seed % below;
}

const WORDS = [
  '{"discussionID":',
  '"name":"',
  "Help with ",
  "the forum",
  '","body":"<p>',
  "</p>",
  ",",
  " ",
  "é",
  "😀",
  "\\n",
];

function text(words: number): Buffer {
  let out = "";
  for (let index = 0; index < words; index += 1) out += WORDS[random(WORDS.length)];
  return Buffer.from(out);
}

function fillOf(width: number): Buffer {
  const choices = [',"bookmarked":false', ',"unread":true', ",", "3", " ", "\u0001", '"', "}"];
  let out = "";
  while (Buffer.byteLength(out) < width) out += choices[random(choices.length)];
  return Buffer.from(out).subarray(0, width);
}

describe("a gzip body compressed once around holes", () => {
  it("decompresses to the pieces with each hole's fill in place, whatever the pieces and fills", () => {
    for (let round = 0; round < 60; round += 1) {
      const holes = random(40);
      const width = 1 + random(200);
      // Some pieces empty, some in several buffers, some longer than the window between two holes.
      const pieces = Array.from({ length: holes + 1 }, () => {
        const size = random(10) === 0 ? 0 : random(10) === 0 ? 3000 + random(2000) : random(300);
        return random(3) === 0 ? [text(size / 2), text(size / 2)] : [text(size)];
      });
      const template = compressAroundHoles(pieces, width);
      expect(template).not.toBeNull();
      // The same template filled twice over, as for two readers.
      for (let reader = 0; reader < 2; reader += 1) {
        const fills = Array.from({ length: holes }, () => fillOf(width));
        const body = fillGzipTemplate(template!, Buffer.concat(fills));
        const expected = Buffer.concat(
          pieces.flatMap((parts, index) => [...parts, ...(fills[index] ? [fills[index]] : [])]),
        );
        expect(zlib.gunzipSync(body!).equals(expected)).toBe(true);
      }
    }
  });

  it("refers back to the previous fill: fills that repeat cost a few bytes each", () => {
    const pieces = [
      ...Array.from({ length: 30 }, (_, index) => [
        Buffer.from(`${index === 0 ? "[" : ","}{"discussionID":${index},"name":"A discussion"`),
      ]),
      [Buffer.from("]")],
    ];
    const fill = Buffer.from(`,"bookmarked":false,"unread":true ,"countUnread":0         }`);
    const template = compressAroundHoles(pieces, fill.length)!;
    const body = fillGzipTemplate(template, Buffer.concat(Array.from({ length: 30 }, () => fill)))!;
    // Stored as they are, the 30 fills would take 30 × (length + 5) bytes.
    expect(body.length - template.bytes).toBeLessThan((30 * (fill.length + 5)) / 4);
    const list = JSON.parse(zlib.gunzipSync(body).toString()) as {
      discussionID: number;
      countUnread: number;
    }[];
    expect(list.map((item) => item.discussionID)).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect(list.every((item) => item.countUnread === 0)).toBe(true);
  });

  it("keeps its compressed pieces in one block of their own size, not in zlib's output chunks", () => {
    const pieces = Array.from({ length: 31 }, (_, index) => [
      Buffer.from(`${index === 0 ? "[" : ","}{"discussionID":${index},"name":"Discussion ${index}"`),
    ]);
    const template = compressAroundHoles(pieces, 40)!;
    const blocks = new Set(template.compressed.map((piece) => piece.buffer));
    expect(blocks.size).toBe(1);
    const [block] = [...blocks];
    expect(block?.byteLength).toBe(template.bytes);
  });

  it("makes no template of text that holds the filler byte, and fills none with a fill of another width", () => {
    expect(compressAroundHoles([[Buffer.from("a\u0001b")], [Buffer.from("c")]], 4)).toBeNull();
    const template = compressAroundHoles([[Buffer.from("a")], [Buffer.from("b")]], 4)!;
    expect(fillGzipTemplate(template, Buffer.from("abc"))).toBeNull();
    expect(fillGzipTemplate(template, Buffer.from("abcdefgh"))).toBeNull();
    expect(zlib.gunzipSync(fillGzipTemplate(template, Buffer.from("wxyz"))!).toString()).toBe("awxyzb");
  });
});
