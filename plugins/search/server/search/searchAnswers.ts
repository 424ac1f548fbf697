import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { requestSiteSection } from "@library/server/http/siteSections";
import type { Translate } from "@library/server/i18n/translate";
import type { AppContext } from "@library/server/app/appContext";
import { absolutizeLinks } from "@library/server/http/absoluteLinks";
import {
  belowCompressionThreshold,
  compressBody,
  type ContentEncoding,
} from "@library/server/http/compression";
import { siteOrigin } from "@library/server/http/pagination";
import { ownSizedBuffer } from "@library/server/cache/keptBytes";
import { sharedCacheFor, type SharedCache } from "@library/server/http/sharedCache";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyRequest } from "fastify";
import type { SearchQuery, SearchResult } from "../../api/searchApi";
import { presentSearchResults } from "./searchPresenter";
import { runSearch, type SearchOutcome } from "./searchService";
import { recordTypesOf } from "./searchScopes";

/** A search as `GET /search` and the search page show it. */
export interface SearchAnswer {
  outcome: SearchOutcome;
  results: SearchResult[];
}

/** A shared answer also keeps its JSON, and that JSON compressed per encoding, made when first sent. */
export interface SharedSearchAnswer extends SearchAnswer {
  origin: string;
  json?: string;
  encoded: Map<ContentEncoding, Buffer>;
}

const LIMITS = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };
const caches = new WeakMap<object, SharedCache<SharedSearchAnswer>>();

/** Whether the answer depends on who asks beyond their roles: their followed categories, a per-member type. */
function dependsOnTheMember(context: AppContext, query: SearchQuery): boolean {
  return query.followedCategories === true || recordTypesOf(context, query).some((type) => type.perMember);
}

async function answerFor(
  context: AppContext,
  viewer: Viewer,
  query: SearchQuery,
  origin: string,
  t: Translate,
): Promise<SearchAnswer> {
  const outcome = await runSearch(context, viewer, query);
  const results = await presentSearchResults(
    context,
    viewer,
    outcome.hits,
    query,
    outcome.text.terms,
    origin,
    t,
  );
  return { outcome, results };
}

/**
 * The answer to a search. The same search asked by viewers with the same roles (every guest; members with
 * the same roles, who see the same categories) within `sharedPageSeconds` gets one answer made once: popular
 * words and the autocomplete of many people typing the same thing cost one search; past that time the answer
 * is still given while a new one is made. It is made for a member
 * without their identity, is dropped by any write of this process and by a change of grants, and is never
 * shared when the answer depends on the member.
 */
export async function searchAnswer(
  context: AppContext,
  request: FastifyRequest,
  asked: SearchQuery,
): Promise<SearchAnswer | SharedSearchAnswer> {
  const { viewer } = request;
  // Asked from a site section's folder (`/fr/search`), the search covers that section (SPEC 2).
  const section = requestSiteSection(request);
  const query =
    section && asked.siteSectionID === undefined ? { ...asked, siteSectionID: section.siteSectionID } : asked;
  const origin = siteOrigin(request, context.config.siteUrl);
  const seconds = context.config.sharedPageSeconds;
  if (
    seconds <= 0 ||
    (!viewer.isGuest &&
      (dependsOnTheMember(context, query) ||
        // A member an add-on lets see more discussions (a group's) gets an answer of their own.
        (await discussionVisibility(context).forViewer(context, viewer)).key !== ""))
  )
    return answerFor(context, viewer, query, origin, request.t);
  const who = viewer.isGuest ? "guest" : rolesKey(viewer);
  return sharedCacheFor(caches, context, LIMITS).getOrMake(
    // The reader's language too: breadcrumbs are in it (translated category names, "Home").
    `${who}|${origin}|${request.locale}|${JSON.stringify(query)}`,
    {
      seconds,
      // A popular search past its time is still answered while one new answer is made: no one waits for a
      // slow search on a large forum (an answer is at most twice `seconds` old, never older than a write of
      // this process).
      staleSeconds: seconds,
      generation: () => context.guestCache.currentVersion,
      grants: viewer.grantSnapshot,
    },
    async () => {
      const made = await answerFor(
        context,
        viewer.isGuest ? viewer : sharedViewerFor(viewer),
        query,
        origin,
        request.t,
      );
      const answer: SharedSearchAnswer = { ...made, origin, encoded: new Map() };
      const bytes = answer.results.reduce(
        (sum, result) =>
          sum +
          512 +
          2 *
            (result.name.length +
              result.url.length +
              (result.body?.length ?? 0) +
              (result.excerpt?.length ?? 0) +
              (result.highlight?.length ?? 0)),
        512,
      );
      // Its JSON and compressed bodies, made later, are about as large again.
      return { value: answer, bytes: 2 * bytes };
    },
  );
}

export function isShared(answer: SearchAnswer | SharedSearchAnswer): answer is SharedSearchAnswer {
  return "encoded" in answer;
}

/**
 * The body of a shared answer for a client taking `encoding`: its JSON with absolute links (as the API's
 * serialization makes it), compressed once per encoding for everyone it is sent to.
 */
export function sharedAnswerBody(
  answer: SharedSearchAnswer,
  encoding: ContentEncoding,
): { body: string | Buffer; encoding: ContentEncoding } {
  answer.json ??= JSON.stringify(absolutizeLinks(answer.results, answer.origin));
  const json = answer.json;
  if (encoding === "identity" || belowCompressionThreshold(json)) return { body: json, encoding: "identity" };
  let body = answer.encoded.get(encoding);
  if (!body) {
    body = ownSizedBuffer(compressBody(json, encoding));
    answer.encoded.set(encoding, body);
  }
  return { body, encoding };
}
