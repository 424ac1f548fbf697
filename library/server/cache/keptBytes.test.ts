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

  it("encodes texts past any earlier size, lone surrogates and empty lists as Buffer.from would", () => {
    const long = "é—😀".repeat(200_000);
    const texts = [long, "\ud800 alone", "a\udc00b"];
    const pieces = encodeInOneBlock(texts);
    pieces.forEach((piece, index) => expect(piece.equals(Buffer.from(texts[index] ?? ""))).toBe(true));
    expect(encodeInOneBlock([])).toEqual([]);
    expect(encodeOwnSized("").length).toBe(0);
    // The next, smaller page is written whole after the large one.
    expect(encodeOwnSized("<p>après</p>").toString("utf8")).toBe("<p>après</p>");
  });
});
