import zlib from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { withTextBytes } from "../cache/keptBytes";
import { isUnderPrefix } from "./requestRoute";

export type ContentEncoding = "br" | "gzip" | "identity";

/** Where the build's files are served from, with their precompressed .br and .gz beside them. */
export const PRECOMPRESSED_PREFIX = "/dist/";

/** Bodies smaller than this are sent as they are (the headers would cost more than the saving). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** The encodings an `Accept-Encoding` header takes (`q=0` refuses one). */
function acceptedEncodings(acceptEncoding: string | string[] | undefined): Set<string> {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  return new Set(
    header
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(";")[0]?.trim() ?? ""),
  );
}

/** Brotli if the client takes it, else gzip, else none (`q=0` refuses an encoding). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * Whether this request's client takes gzip, for an answer that has its gzip made already (a body compressed
 * once around the reader's own bytes): every browser does, and sending it costs no compression.
 */
export function takesGzip(request: FastifyRequest): boolean {
  if (request.contentEncoding === "gzip") return true;
  if (request.contentEncoding === "identity") return false;
  const accepted = acceptedEncodings(request.headers["accept-encoding"]);
  return accepted.has("gzip") || accepted.has("*");
}

/**
 * Brotli quality and gzip level for dynamic answers (pages, API bodies): each answer is compressed once per
 * request, so its CPU counts on every uncached page. Brotli 0 and 1 are the fast one-pass encoders; from 2 on
 * brotli builds hash chains. Measured on a 49 KB discussions list, a 30 KB discussion page and a 9 KB page of
 * comments (CPU per body, bytes): brotli 0 0.054, 0.063 and 0.026 ms for 8,042, 7,421 and 2,395 bytes; brotli 1
 * 0.080, 0.080 and 0.039 ms for 7,461, 7,462 and 2,325 bytes. In the server, under the community benchmark, a
 * member's discussions list went from 0.80 to 0.75 ms of CPU with brotli 0, for under half a packet more on the
 * largest answer and a page no larger. Earlier, brotli 1 had been chosen over 3 and 3 over 4 the same way. Gzip
 * 3 costs about what gzip 1 does here for 4 % fewer bytes. Built files are compressed at the maximum once, at
 * build time.
 */
export const DYNAMIC_BROTLI_QUALITY = 0;
export const DYNAMIC_GZIP_LEVEL = 3;

/** Fast settings for dynamic answers: most of the size gain for a fraction of the CPU of the maximum. */
export function compressBody(body: string | Buffer, encoding: Exclude<ContentEncoding, "identity">): Buffer {
  // A string is encoded once into a scratch block: zlib would measure it, then encode it into a new buffer (for
  // text with any character past Latin-1, each pass costs what the encoding does).
  if (typeof body === "string") return withTextBytes(body, (bytes) => compressBytes(bytes, encoding));
  return compressBytes(body, encoding);
}

function compressBytes(bytes: Buffer, encoding: Exclude<ContentEncoding, "identity">): Buffer {
  if (encoding === "br")
    return zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  return zlib.gzipSync(bytes, { level: DYNAMIC_GZIP_LEVEL });
}

/**
 * Whether a body is below the compression threshold. A string of at least that many UTF-16 units has at least
 * that many UTF-8 bytes, so only a short string is measured.
 */
export function belowCompressionThreshold(payload: string | Buffer): boolean {
  if (typeof payload !== "string") return payload.length < COMPRESSION_THRESHOLD_BYTES;
  return (
    payload.length < COMPRESSION_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES
  );
}

declare module "fastify" {
  interface FastifyRequest {
    /** The encoding this client's answer may use (negotiated once per request). */
    contentEncoding: ContentEncoding;
  }
}

export function requestEncoding(request: FastifyRequest): ContentEncoding {
  return negotiateEncoding(request.headers["accept-encoding"]);
}

/**
 * Compresses HTML, JSON, JavaScript and CSS answers built in memory (pages, API bodies) with brotli or gzip.
 * Register before the guest cache, so the cache keeps the compressed bytes and a hit costs no compression.
 * Files from disk are served precompressed by the static handler.
 */
export function registerCompression(app: FastifyInstance): void {
  app.decorateRequest("contentEncoding", "identity");
  app.addHook("onRequest", async (request) => {
    request.contentEncoding = requestEncoding(request);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const inMemory = typeof payload === "string" || Buffer.isBuffer(payload);
    // A built file is sent as its .br or .gz twin when the client takes one: caches must key on the encoding.
    if (!inMemory && !isUnderPrefix(request, [PRECOMPRESSED_PREFIX])) return payload;
    const vary = String(reply.getHeader("vary") ?? "");
    if (!/accept-encoding/i.test(vary))
      reply.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!inMemory) return payload;
    const encoding = request.contentEncoding;
    if (encoding === "identity" || reply.hasHeader("content-encoding")) return payload;
    if (belowCompressionThreshold(payload)) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    const compressed = compressBody(payload, encoding);
    reply.header("Content-Encoding", encoding);
    reply.removeHeader("content-length");
    return compressed;
  });
}
