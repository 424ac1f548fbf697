import type { FastifyInstance } from "fastify";
import type { AppContext } from "./appContext";

/**
 * What a server asks itself before it listens, as a guest whose browser takes brotli: the pages and lists most
 * visitors open first. Their first run compiles the code and statements every later page shares (the page
 * renderer, the list queries, the serializers, compression), which otherwise happened inside the first visitors'
 * requests, under the load of a start. None of them counts a view (`context.warmingUp`) or writes anything.
 */
export const WARM_UP_PATHS: readonly string[] = [
  "/",
  "/discussions",
  "/categories",
  "/api/v2/discussions?limit=30&expand=insertUser",
  "/api/v2/categories",
];

/**
 * Asks each path once: the status of each answer (0 when the request threw). A failure is logged, never fatal: the
 * server starts all the same.
 */
export async function warmUp(
  app: FastifyInstance,
  context: AppContext,
  paths: readonly string[] = WARM_UP_PATHS,
): Promise<{ url: string; statusCode: number }[]> {
  const answers: { url: string; statusCode: number }[] = [];
  context.warmingUp = true;
  try {
    for (const url of paths) {
      try {
        const response = await app.inject({
          method: "GET",
          url,
          headers: { "accept-encoding": "gzip, br", accept: "text/html,application/json" },
        });
        answers.push({ url, statusCode: response.statusCode });
        if (response.statusCode >= 500)
          app.log.warn({ url, statusCode: response.statusCode }, "A warm-up request failed.");
      } catch (error) {
        answers.push({ url, statusCode: 0 });
        app.log.warn({ err: error, url }, "A warm-up request failed.");
      }
    }
  } finally {
    context.warmingUp = false;
  }
  return answers;
}
