import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import { fullDateIn, isSourceLocale, shortDateIn } from "./readerFormats";

/** The reader's language while a request is handled (`request.locale`), for dates written deep in page parts. */
const readers = new AsyncLocalStorage<string>();

/**
 * Every request's handler runs knowing its reader's language (registered after the request hooks find it). English
 * readers need no scope (outside one, dates are written in the product's own English formats), so most requests
 * skip its cost.
 */
export function registerReaderDates(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (isSourceLocale(request.locale)) readers.exit(done);
    else readers.run(request.locale, done);
  });
}

/** Runs `work` as a reader of `locale` would see it (tests, jobs). */
export function withReaderLocale<T>(locale: string, work: () => T): T {
  return readers.run(locale, work);
}

/**
 * A date's texts in the reader's language, when it is not English: the short date a page shows until its script
 * makes it relative, and the full date of its title. Null for English readers and outside a request (the
 * product's own English formats apply).
 */
export function readerDateTexts(date: Date): { short: string; full: string } | null {
  const locale = readers.getStore();
  if (isSourceLocale(locale) || Number.isNaN(date.getTime())) return null;
  return { short: shortDateIn(locale!, date), full: fullDateIn(locale!, date) };
}
