import zlib from "node:zlib";
import { ownSizedBuffer } from "../cache/keptBytes";

/**
 * A gzip body compressed once around holes, filled per request without compressing again.
 *
 * An answer that is the same text for many readers but for a few bytes each (a member's list of discussions:
 * every discussion's JSON shared, the member's own fields in each) costs a full compression per request, about a
 * quarter of its CPU. Deflate can be cut where a template is written: each piece of shared text is compressed
 * once, as raw deflate blocks that end on a byte boundary (a sync flush), with the text before it as the
 * compressor's dictionary, so it refers back to earlier pieces as one stream would. A hole is written while the
 * pieces are compressed as `width` filler bytes that no text holds (JSON and HTML never carry a raw 0x01), so
 * no piece refers into a hole; per request each hole gets the reader's bytes, exactly `width` of them, as a small
 * block of its own, and the gzip trailer gets the checksum and length of the text as sent. The distances of the
 * shared pieces' references stay right because a hole's width does not change.
 *
 * A filled hole is encoded with the fixed Huffman codes: its bytes that equal the previous hole's at the same
 * offset (the reader's fields mostly repeat from one discussion to the next) are one reference back, the others
 * literals, then an empty stored block brings the stream back to a byte boundary for the next piece.
 */

/** The byte a hole is written as while the pieces are compressed. */
const FILLER = 0x01;
/** Deflate's window: a reference reaches at most this far back. */
const WINDOW = 32 * 1024;
/** RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

export interface GzipTemplate {
  /** Each piece compressed, in order: piece i comes before hole i. */
  readonly compressed: readonly Buffer[];
  /** The bytes of every hole. */
  readonly width: number;
  /** How far back hole i's first byte is from hole i-1's (0 for the first hole or past the window). */
  readonly distances: readonly number[];
  /**
   * The checksum of the text as sent: zlib's crc32_combine taken over every piece and hole, it is each one's CRC
   * moved past the bytes after it, all xored. The pieces' part is made once; each hole's CRC is moved to the end
   * by its operator.
   */
  readonly piecesCrc: number;
  readonly holeShifts: readonly number[];
  /** The text's length with its holes. */
  readonly length: number;
  /** The compressed pieces' bytes (what the template holds). */
  readonly bytes: number;
}

/**
 * Compresses `pieces` around `pieces.length - 1` holes of `width` bytes each, or null when a piece holds the
 * filler byte (the holes could not be told apart from the text). Each piece may be given as several buffers.
 */
export function compressAroundHoles(
  pieces: readonly (readonly Buffer[])[],
  width: number,
  level = 9,
): GzipTemplate | null {
  if (pieces.length === 0 || width <= 0) return null;
  const filler = Buffer.alloc(width, FILLER);
  /** The last WINDOW bytes of the text so far (holes as filler): the next piece's dictionary. */
  let window: Buffer = Buffer.alloc(0);
  let textLength = 0;
  const compressed: Buffer[] = [];
  const distances: number[] = [];
  const pieceCrcs: number[] = [];
  const pieceLengths: number[] = [];
  let previousHole = -1;
  for (const [index, parts] of pieces.entries()) {
    const piece = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (piece.includes(FILLER)) return null;
    const before = window.length > 0 ? window : null;
    const last = index === pieces.length - 1;
    compressed.push(
      zlib.deflateRawSync(piece, {
        level,
        ...(before && { dictionary: before }),
        // Every piece but the last ends on a byte boundary without closing the stream.
        ...(last ? {} : { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      }),
    );
    pieceCrcs.push(crcOf(piece));
    pieceLengths.push(piece.length);
    window = lastWindow([window, piece]);
    textLength += piece.length;
    if (last) break;
    const hole = textLength;
    const distance = previousHole >= 0 ? hole - previousHole : 0;
    distances.push(distance > 0 && distance <= WINDOW ? distance : 0);
    previousHole = hole;
    window = lastWindow([window, filler]);
    textLength += width;
  }
  // From the end back: what follows each piece and each hole.
  const holeShifts: number[] = new Array<number>(pieceLengths.length - 1);
  let piecesCrc = 0;
  let after = 0;
  for (let index = pieceLengths.length - 1; index >= 0; index -= 1) {
    piecesCrc = (piecesCrc ^ multiplyModP(shiftPast(after), pieceCrcs[index]!)) >>> 0;
    after += pieceLengths[index]!;
    if (index === 0) break;
    holeShifts[index - 1] = shiftPast(after);
    after += width;
  }
  // Kept in one block of their own: each of zlib's answers is a view of its 16 KB output chunk, so a list of 30
  // discussions would hold about 0.5 MB for 6 KB of compressed text.
  const block = ownSizedBuffer(Buffer.concat(compressed));
  let offset = 0;
  const kept = compressed.map((piece) => block.subarray(offset, (offset += piece.length)));
  return {
    compressed: kept,
    width,
    distances,
    piecesCrc,
    holeShifts,
    length: textLength,
    bytes: compressed.reduce((sum, piece) => sum + piece.length, 0),
  };
}

/** The last WINDOW bytes of `parts` put together. */
function lastWindow(parts: readonly Buffer[]): Buffer {
  const joined = Buffer.concat(parts);
  return joined.length > WINDOW ? joined.subarray(joined.length - WINDOW) : joined;
}

/**
 * The gzip body of the template with its holes filled: `fills` holds every hole's bytes one after the other
 * (holes × width). Null when it does not.
 */
export function fillGzipTemplate(template: GzipTemplate, fills: Buffer): Buffer | null {
  const holes = template.compressed.length - 1;
  const { width } = template;
  if (fills.length !== holes * width) return null;
  // A filled hole's block is at most 9 bits a byte, with its header, end and alignment.
  const encoded = Buffer.allocUnsafe(holes * (Math.ceil((width * 9) / 8) + 8));
  const writer = new BitWriter(encoded);
  const out: Buffer[] = [GZIP_HEADER];
  let crc = template.piecesCrc;
  for (let hole = 0; hole < holes; hole += 1) {
    out.push(template.compressed[hole]!);
    const at = hole * width;
    const start = writer.position;
    const distance = template.distances[hole] ?? 0;
    encodeFill(writer, fills, at, width, distance > 0 ? at - width : -1, distance);
    out.push(encoded.subarray(start, writer.position));
    crc = (crc ^ multiplyModP(template.holeShifts[hole]!, crcOf(fills.subarray(at, at + width)))) >>> 0;
  }
  out.push(template.compressed[holes]!);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(template.length % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

// CRC-32 (the gzip trailer's), as zlib computes it, and zlib's way of joining the CRCs of two texts:
// crc(A + B) = crc(A) moved past |B| bytes, xor crc(B). The pieces' part is computed once; per request only
// the holes' bytes are read.

const POLYNOMIAL = 0xedb88320;

/** zlib's CRC-32 of `bytes`; 0 for none (Node 20's crc32 of an empty buffer without a backing store is wrong). */
function crcOf(bytes: Buffer): number {
  return bytes.length === 0 ? 0 : zlib.crc32(bytes);
}

/** a × b modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let mask = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if ((a & mask) !== 0) {
      product ^= factor;
      if ((a & (mask - 1)) === 0) break;
    }
    mask >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const POWERS = [0x40000000];
for (let k = 1; k < 32; k += 1) POWERS.push(multiplyModP(POWERS[k - 1]!, POWERS[k - 1]!));

/** The operator that moves a CRC past `bytes` bytes: x^(8 × bytes) modulo the polynomial. */
function shiftPast(bytes: number): number {
  let power = 0x80000000;
  let k = 3;
  for (let rest = bytes; rest > 0; rest = Math.floor(rest / 2), k += 1)
    if (rest % 2 === 1) power = multiplyModP(POWERS[k % 32]!, power);
  return power;
}

// Deflate's bits, written from the least significant; Huffman codes from their most significant bit.

class BitWriter {
  position = 0;
  private pending = 0;
  private count = 0;

  constructor(private readonly target: Buffer) {}

  bits(value: number, count: number): void {
    this.pending |= value << this.count;
    this.count += count;
    while (this.count >= 8) {
      this.target[this.position++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }

  /** An empty stored block: ends on a byte boundary, where the next compressed piece starts. */
  alignWithEmptyStoredBlock(): void {
    this.bits(0, 3); // not final, stored
    if (this.count > 0) this.bits(0, 8 - this.count);
    this.target[this.position++] = 0x00;
    this.target[this.position++] = 0x00;
    this.target[this.position++] = 0xff;
    this.target[this.position++] = 0xff;
  }
}

function reversed(value: number, count: number): number {
  let out = 0;
  for (let bit = 0; bit < count; bit += 1) out |= ((value >>> bit) & 1) << (count - 1 - bit);
  return out;
}

/** RFC 1951 3.2.6: each literal or length symbol's fixed Huffman code, bit-reversed, and its length. */
const FIXED_CODES = new Uint16Array(288);
const FIXED_LENGTHS = new Uint8Array(288);
for (let symbol = 0; symbol < 288; symbol += 1) {
  const [code, length] =
    symbol < 144
      ? [0x30 + symbol, 8]
      : symbol < 256
        ? [0x190 + symbol - 144, 9]
        : symbol < 280
          ? [symbol - 256, 7]
          : [0xc0 + symbol - 280, 8];
  FIXED_CODES[symbol] = reversed(code, length);
  FIXED_LENGTHS[symbol] = length;
}

const LENGTH_BASES = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASES = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** For each value, the last index of `bases` whose base is at most it. */
function baseIndexes(bases: readonly number[], largest: number): Uint8Array {
  const indexes = new Uint8Array(largest + 1);
  let index = 0;
  for (let value = 0; value <= largest; value += 1) {
    while (index + 1 < bases.length && bases[index + 1]! <= value) index += 1;
    indexes[value] = index;
  }
  return indexes;
}
const LENGTH_INDEXES = baseIndexes(LENGTH_BASES, 258);
const DISTANCE_INDEXES = baseIndexes(DISTANCE_BASES, WINDOW);
const DISTANCE_CODES = Uint8Array.from(DISTANCE_BASES, (_, index) => reversed(index, 5));

function symbol(writer: BitWriter, value: number): void {
  writer.bits(FIXED_CODES[value]!, FIXED_LENGTHS[value]!);
}

/** A reference `length` bytes long (3–258), `distance` bytes back (1–32768). */
function reference(writer: BitWriter, length: number, distance: number): void {
  const lengthIndex = LENGTH_INDEXES[length]!;
  symbol(writer, 257 + lengthIndex);
  writer.bits(length - LENGTH_BASES[lengthIndex]!, LENGTH_EXTRA[lengthIndex]!);
  const distanceIndex = DISTANCE_INDEXES[distance]!;
  writer.bits(DISTANCE_CODES[distanceIndex]!, 5);
  writer.bits(distance - DISTANCE_BASES[distanceIndex]!, DISTANCE_EXTRA[distanceIndex]!);
}

/** Shortest run worth a reference (a reference costs about as much as three literals). */
const MIN_REFERENCE = 4;
const MAX_REFERENCE = 258;

/**
 * One filled hole (`bytes[at, at + width)`) as a fixed-Huffman block, its runs equal to the previous hole's
 * (`bytes` from `previous`, -1 for none) as references `distance` back, then an empty stored block.
 */
function encodeFill(
  writer: BitWriter,
  bytes: Buffer,
  at: number,
  width: number,
  previous: number,
  distance: number,
): void {
  writer.bits(0, 1); // not final
  writer.bits(1, 2); // fixed Huffman codes
  let offset = 0;
  while (offset < width) {
    let run = 0;
    if (previous >= 0)
      while (
        offset + run < width &&
        run < MAX_REFERENCE &&
        bytes[at + offset + run] === bytes[previous + offset + run]
      )
        run += 1;
    if (run >= MIN_REFERENCE) {
      reference(writer, run, distance);
      offset += run;
    } else {
      symbol(writer, bytes[at + offset]!);
      offset += 1;
    }
  }
  symbol(writer, 256); // end of block
  writer.alignWithEmptyStoredBlock();
}
