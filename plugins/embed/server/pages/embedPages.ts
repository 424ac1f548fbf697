import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { siteOrigin } from "@library/server/http/pagination";
import type { FastifyInstance } from "fastify";
import { embedDiscussionPath } from "../embedRoutes";
import { embedScript } from "../embedScripts";
import { ALLOWED_DOMAINS_SETTING } from "../embedSettings";
import { embedRequester, embedThread } from "../threads/embedThreads";

function queryText(query: unknown, name: string, maxLength: number): string | undefined {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === "string" && value.length > 0 ? value.slice(0, maxLength) : undefined;
}

/**
 * `/embed.js`, the script the embedding page loads (in the site's language), and `/embed/comments`, the frame of a
 * blog post's comments: its discussion (created on the first view), chrome-less.
 */
export function embedPages(app: FastifyInstance, context: AppContext): void {
  app.get("/embed.js", async (request, reply) => {
    const script = embedScript(siteOrigin(request, context.config.siteUrl), request.t);
    return reply
      .type("text/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .send(script);
  });

  app.get("/embed/comments", async (request, reply) => {
    const url = queryText(request.query, "url", 2000);
    if (!url) throw ValidationError.field("url", "The page's address is required.");
    await context.settings.get(ALLOWED_DOMAINS_SETTING);
    const thread = await embedThread(
      context,
      {
        url,
        foreignID: queryText(request.query, "foreignID", 200),
        title: queryText(request.query, "title", 100),
      },
      embedRequester(request),
    );
    return reply.header("Cache-Control", "no-store").redirect(embedDiscussionPath(thread.discussionID), 302);
  });
}
