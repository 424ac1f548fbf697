import zlib from "node:zlib";
import { encodeInOneBlock, withTextBytes } from "../cache/keptBytes";
import { belowCompressionThreshold, COMPRESSION_THRESHOLD_BYTES, compressBody } from "./compression";

describe("compressing a dynamic answer", () => {
  const text = `<p>Café — “quoted” 😀 ${"a long enough reply ".repeat(200)}</p>`;

  it("compresses a string as its UTF-8 bytes, with brotli and with gzip", () => {
    const brotli = compressBody(text, "br");
    expect(zlib.brotliDecompressSync(brotli).toString("utf8")).toBe(text);
    expect(brotli.equals(compressBody(Buffer.from(text), "br"))).toBe(true);
    expect(zlib.gunzipSync(compressBody(text, "gzip")).toString("utf8")).toBe(text);
  });

  it("measures the threshold in bytes, not characters", () => {
    expect(belowCompressionThreshold("a".repeat(COMPRESSION_THRESHOLD_BYTES - 1))).toBe(true);
    expect(belowCompressionThreshold("a".repeat(COMPRESSION_THRESHOLD_BYTES))).toBe(false);
    // 400 dashes: 400 characters, 1,200 bytes.
    expect(belowCompressionThreshold("—".repeat(400))).toBe(false);
    expect(belowCompressionThreshold(Buffer.alloc(COMPRESSION_THRESHOLD_BYTES - 1))).toBe(true);
    expect(belowCompressionThreshold(Buffer.alloc(COMPRESSION_THRESHOLD_BYTES))).toBe(false);
  });

  it("lends the scratch bytes to one user at a time: nested work gets bytes of its own", () => {
    withTextBytes("outer — text", (outer) => {
      const inner = withTextBytes("inner ✓", (bytes) => bytes.toString("utf8"));
      const [kept] = encodeInOneBlock(["kept — piece"]);
      expect(inner).toBe("inner ✓");
      expect(kept?.toString("utf8")).toBe("kept — piece");
      expect(outer.toString("utf8")).toBe("outer — text");
    });
  });
});
