import { AsyncLocalStorage } from "node:async_hooks";
import { LOCALE_COOKIE } from "@forum/api/locales";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { contentLocales, matchLocale, sourceLocale } from "./contentLocales";

/**
 * A request header that asks for content in a given locale whatever the reader chose: the dashboard's editors
 * send the source locale, so they edit the text as written and not its translation.
 */
export const CONTENT_LOCALE_HEADER = "x-content-locale";

function firstString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

/** The reader's language as the request hooks found it (`request.locale`), when they set one. */
function requestLanguage(request: FastifyRequest): string | undefined {
  return "locale" in request && typeof request.locale === "string" ? request.locale : undefined;
}

/**
 * The locale a request reads content in: the `x-content-locale` header, else the `locale` query parameter, else
 * the reader's language as the request hooks found it (`request.locale`: a member's stored choice, the browser's
 * `locale` cookie or the site's language), the first that names one of the site's content locales; the source
 * locale otherwise. The cookie and `garden.locale` are read again for a request the hooks did not see.
 */
export function readerLocale(request: FastifyRequest, context: AppContext): string {
  const offered = contentLocales(context);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const cookies: Partial<Record<string, string>> = request.cookies ?? {};
  for (const wanted of [
    firstString(request.headers[CONTENT_LOCALE_HEADER]),
    firstString(query.locale),
    requestLanguage(request),
    cookies[LOCALE_COOKIE],
    context.settings.peek<string>("garden.locale"),
  ]) {
    if (!wanted) continue;
    const locale = matchLocale(wanted, offered);
    if (locale) return locale;
  }
  return sourceLocale();
}

/** The reader's content locale, with the app it reads from. */
export interface ContentLocaleScope {
  locale: string;
  context: AppContext;
}

interface LocaleScope extends ContentLocaleScope {
  source: string;
}

const scopes = new AsyncLocalStorage<LocaleScope>();

/**
 * The reader's content locale while a request is handled (null outside a request, or when it is the site's own
 * locale): deep readers such as the cached category tree show translations without a request to hand.
 */
export function currentContentLocale(): ContentLocaleScope | null {
  const scope = scopes.getStore();
  return scope && scope.locale !== scope.source ? { locale: scope.locale, context: scope.context } : null;
}

/** Runs `work` as if a request read content in `locale` (jobs and tests). */
export function withContentLocale<T>(context: AppContext, locale: string, work: () => T): T {
  return scopes.run({ locale, source: sourceLocale(), context }, work);
}

/**
 * Every request's handler runs in the scope of the reader's locale (registered after the request hooks, which
 * find the reader's language); guest pages are cached per locale cookie.
 */
export function registerContentLocale(app: FastifyInstance, context: AppContext): void {
  context.guestCache.varyByCookie(LOCALE_COOKIE);
  app.addHook("onRequest", (request, _reply, done) => {
    const locale = readerLocale(request, context);
    const source = sourceLocale();
    // A reader of the site's own language needs no scope (outside one there is no content locale), and on Node 20
    // entering one turns on a hook for every promise the process makes from then on: most requests skip it.
    // `exit` keeps a request made from inside a scope (a job's, a test's) from inheriting it.
    if (locale === source) scopes.exit(done);
    else scopes.run({ locale, source, context }, done);
  });
}
