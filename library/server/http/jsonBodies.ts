import type { FastifyInstance } from "fastify";

/**
 * JSON request bodies (API.md 1.1). A request that says `Content-Type: application/json` but sends nothing (many
 * HTTP libraries do so for DELETE) is read as a request without a body, for every method; a body that is sent
 * is parsed as before, so JSON that does not parse (or sets `__proto__`/`constructor`) still gets the 400 of
 * API.md 1.9.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body: string, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    // The default parser answers through `done` (it returns nothing to wait for).
    void parseJson(request, body, done);
  });
}
