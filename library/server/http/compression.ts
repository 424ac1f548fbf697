import zlib from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isUnderPrefix } from "./requestRoute";

export type ContentEncoding = "br" | "gzip" | "identity";

/** Where the build's files are served from, with their precompressed .br and .gz beside them. */
export const PRECOMPRESSED_PREFIX = "/dist/";

/** Bodies smaller than this are sent as they are (the headers would cost more than the saving). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Brotli if the client takes it, else gzip, else none (`q=0` refuses an encoding). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const accepted = new Set(
    header
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(";")[0]?.trim() ?? ""),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * Brotli quality and gzip level for dynamic answers (pages, API bodies): each answer is compressed once per
 * request, so its CPU counts on every uncached page. Brotli 1 is the fast one-pass encoder; from 2 on brotli
 * builds hash chains. Measured on a 49 KB discussions list and a 27 KB discussion page (CPU per body): brotli 1
 * 0.18 and 0.10 ms, brotli 3 0.36 and 0.18 ms, for 7 and 10 % more bytes (7.5 against 6.9 KB, 6.8 against
 * 6.2 KB): under a packet more per answer for half the CPU. Earlier, brotli 3 had been chosen over 4 the same
 * way (half the CPU for 4-6 % more bytes). Gzip 3 costs about what gzip 1 does here for 4 % fewer bytes. Built
 * files are compressed at the maximum once, at build time.
 */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 3;

/** Fast settings for dynamic answers: most of the size gain for a fraction of the CPU of the maximum. */
export function compressBody(body: string | Buffer, encoding: Exclude<ContentEncoding, "identity">): Buffer {
  if (encoding === "br")
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    });
  return zlib.gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
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
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    const compressed = compressBody(payload, encoding);
    reply.header("Content-Encoding", encoding);
    reply.removeHeader("content-length");
    return compressed;
  });
}
