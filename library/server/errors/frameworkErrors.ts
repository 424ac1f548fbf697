import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** The framework's own refusals (a malformed `%` escape, a path segment over the length limit) in API.md's shape. */
export function frameworkErrorBody(error: FastifyError): { message: string; status: number } {
  if (error.code === "FST_ERR_BAD_URL")
    return { message: "The address contains an invalid escape.", status: 400 };
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return { message: "A part of the address is too long.", status: 414 };
  return {
    message: "Bad Request",
    status: error.statusCode && error.statusCode >= 400 ? error.statusCode : 400,
  };
}

export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body = frameworkErrorBody(error);
  void reply.status(body.status).type("application/json; charset=utf-8").send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "The request line or headers are too large.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: "Request Timeout", message: "The request took too long." },
};

/**
 * Errors Node's HTTP parser raises before a request exists (a request line over 16 KB): answered on the socket in
 * API.md's shape, with a body, before the connection closes.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    reason: "Bad Request",
    message: "The request could not be read.",
  };
  const body = JSON.stringify({ message: known.message, status: known.status });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
