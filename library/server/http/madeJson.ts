import type { FastifyReply } from "fastify";
import type { ContentEncoding } from "./compression";

/** An API answer whose JSON was made ahead (a shared list or page of comments), as the bytes to send. */
export interface MadeJson {
  body: Buffer;
  /** What `body` is compressed with already (`identity`: the JSON itself, compressed on its way out if large). */
  encoding: ContentEncoding;
  etag: string;
  pagingHeaders: Record<string, string>;
}

/**
 * Sends JSON made ahead as it is, with its validator and paging headers. On a route with a response schema too:
 * Fastify sends a Buffer without its serializer.
 */
export function sendMadeJson(reply: FastifyReply, answer: MadeJson): FastifyReply {
  reply.headers(answer.pagingHeaders).header("etag", answer.etag).type("application/json; charset=utf-8");
  if (answer.encoding !== "identity") reply.header("Content-Encoding", answer.encoding);
  return reply.send(answer.body);
}
