import zlib from "node:zlib";
import { encodeInOneBlock, encodeOwnSized, ownSizedBuffer } from "./keptBytes";

describe("bytes a cache keeps", () => {
  it("copies a compressed body out of the encoder's larger chunk, and keeps a whole block as it is", () => {
    const compressed = zlib.gzipSync("a short answer ".repeat(100));
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length);
    const kept = ownSizedBuffer(compressed);
    expect(kept.equals(compressed)).toBe(true);
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(ownSizedBuffer(kept)).toBe(kept);
  });

  it("writes a page's pieces into one block of their total size, each piece its own text", () => {
    const texts = ["<p>Héllo</p>", "", "<b>日本語</b>", "✓ done"];
    const pieces = encodeInOneBlock(texts);
    expect(pieces.map((piece) => piece.toString("utf8"))).toEqual(texts);
    const total = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    for (const piece of pieces) expect(piece.buffer.byteLength).toBe(total);
  });

  it("encodes one text in a block of its own size", () => {
    const bytes = encodeOwnSized("<span>Ünïcode ✓</span>");
    expect(bytes.toString("utf8")).toBe("<span>Ünïcode ✓</span>");
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
