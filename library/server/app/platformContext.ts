import type { FastifyBaseLogger } from "fastify";

/**
 * The app context as the platform's parts receive it back: the registries that keep what applications and
 * add-ons register (record extenders, post validators, member labels, me-counters, page slots, personal data),
 * the page renderer and the add-on definitions hand it to the callbacks they hold. It is the whole `AppContext`:
 * appContext.ts merges it in (declaration merging, as applications add tables to `Database`), so those parts
 * import only this file and the imports point one way, from appContext.ts to them. A part that reads the context
 * itself declares the narrow interface it needs instead (`TitleBarSettings`, `SharedCacheTermsContext`).
 */
export interface PlatformContext {
  log: FastifyBaseLogger;
}
