// Bytes that a cache keeps past their request should hold only their own memory. A Buffer is often a view of a
// larger block: zlib returns a body that fits in one output chunk as a view of that 16 KB chunk, and `Buffer.from`
// of a short string writes into a shared 8 KB pool. Kept, a 2 KB answer would hold 16 KB, and a 300-byte piece
// of a page a whole pool block (with whatever else was written into it).

/** `buffer` itself when it is its whole block, else a copy in a block of its own size. */
export function ownSizedBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

/** The UTF-8 bytes of `text` in a block of their own size. */
export function encodeOwnSized(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text, 0, bytes.length, "utf8");
  return bytes;
}

/** The UTF-8 bytes of each text, all in one block of their total size (each a view of its part). */
export function encodeInOneBlock(texts: readonly string[]): Buffer[] {
  const lengths = texts.map((text) => Buffer.byteLength(text));
  const block = Buffer.allocUnsafeSlow(lengths.reduce((sum, length) => sum + length, 0));
  let offset = 0;
  return texts.map((text, index) => {
    const length = lengths[index] ?? 0;
    block.write(text, offset, length, "utf8");
    offset += length;
    return block.subarray(offset - length, offset);
  });
}
