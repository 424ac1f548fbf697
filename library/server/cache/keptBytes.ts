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

/** UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_BYTES_PER_UNIT = 3;
/** The scratch block kept between calls stays at most this large; a larger page gets a block of its own. */
const MAX_KEPT_SCRATCH_BYTES = 4 * 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

/**
 * Writes the texts one after the other into a scratch block sized by their upper bound and returns where each
 * ends. Measuring each text's UTF-8 length first (`Buffer.byteLength`) costs as much as encoding it, for a page
 * with any character past Latin-1 (a dash, an accent, an emoji): this encodes once, then copies bytes.
 */
function writeIntoScratch(texts: readonly string[]): { bytes: Buffer; ends: number[] } {
  let bound = 0;
  for (const text of texts) bound += text.length * MAX_UTF8_BYTES_PER_UNIT;
  let target = scratch;
  if (bound > scratch.length) {
    target = Buffer.allocUnsafeSlow(bound);
    if (bound <= MAX_KEPT_SCRATCH_BYTES) scratch = target;
  }
  const ends: number[] = [];
  let offset = 0;
  for (const text of texts) {
    offset += target.write(text, offset, "utf8");
    ends.push(offset);
  }
  return { bytes: target.subarray(0, offset), ends };
}

let scratchInUse = false;

/**
 * Calls `use` with the UTF-8 bytes of `text` in the scratch block, for work that reads them at once and keeps
 * nothing (compressing an answer): no block of their own, no measuring pass. The view is valid only during `use`.
 */
export function withTextBytes<T>(text: string, use: (bytes: Buffer) => T): T {
  if (scratchInUse) return use(Buffer.from(text));
  scratchInUse = true;
  try {
    return use(writeIntoScratch([text]).bytes);
  } finally {
    scratchInUse = false;
  }
}

/** The UTF-8 bytes of `text` in a block of their own size. */
export function encodeOwnSized(text: string): Buffer {
  return encodeInOneBlock([text])[0] ?? Buffer.allocUnsafeSlow(0);
}

/** The UTF-8 bytes of each text, all in one block of their total size (each a view of its part). */
export function encodeInOneBlock(texts: readonly string[]): Buffer[] {
  if (scratchInUse) return texts.map((text) => ownSizedBuffer(Buffer.from(text)));
  const { bytes, ends } = writeIntoScratch(texts);
  const block = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(block);
  let start = 0;
  return ends.map((end) => {
    const piece = block.subarray(start, end);
    start = end;
    return piece;
  });
}
