import { reactionIconSvg } from "@forum/api/reactionIcons";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** `/reactions/icons/{urlcode}.svg`: a reaction type's icon, the `photoUrl` of types without an uploaded image. */
export function reactionIconRoutes(app: FastifyInstance): void {
  app.get("/reactions/icons/:file", async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const match = /^([A-Za-z0-9-]{1,50})\.svg$/.exec(request.params.file);
    if (!match?.[1]) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    return reply
      .type("image/svg+xml")
      .header("Cache-Control", "public, max-age=86400")
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(reactionIconSvg(match[1]));
  });
}

/** The icon a type shows when it has no image of its own. */
export function reactionIconUrl(urlcode: string): string {
  return `/reactions/icons/${urlcode.toLowerCase()}.svg`;
}
