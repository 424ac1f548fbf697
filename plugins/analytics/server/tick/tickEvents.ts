import { ValidationError } from "@library/server/errors/httpErrors";
import type { ValidationErrorItem } from "@forum/api/common";
import type { TickBody } from "../../api/analyticsApi";
import type { AnalyticsEventTable } from "../tables";

/**
 * An event as the buffer keeps it until its batch is written: the row of `analyticsEvents` without its id, its
 * batch and its day (the batch job adds them).
 */
export type BufferedEvent = Omit<AnalyticsEventTable, "eventID" | "batchID" | "day">;

/** Who sent the event, once the privacy choice is applied: anonymized visitors carry neither. */
export interface TickSender {
  userID: number | null;
  ipAddress: string | null;
}

/** Query parameters whose values never reach the database (sessions, tokens, passwords). */
const SENSITIVE_PARAM =
  /^(token|access_token|transientkey|password|pass|secret|key|code|sso|signature|auth.*)$/i;

/** The URL with sensitive query parameters taken out (API.md 25: the server strips them). */
export function stripSensitiveParams(raw: string): string {
  const hashAt = raw.indexOf("#");
  const withoutHash = hashAt === -1 ? raw : raw.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  if (queryAt === -1) return withoutHash;
  const kept = withoutHash
    .slice(queryAt + 1)
    .split("&")
    .filter((pair) => pair !== "" && !SENSITIVE_PARAM.test(decodeURIComponentSafe(pair.split("=")[0] ?? "")));
  return kept.length === 0
    ? withoutHash.slice(0, queryAt)
    : `${withoutHash.slice(0, queryAt)}?${kept.join("&")}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const isView = (type: string) => type.endsWith("_view");

function integerOrNull(value: number | string | undefined): number | null {
  if (typeof value === "number") return value;
  return value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

/** Checks the fields each type needs (the schema checked their shapes); 422 keyed by field otherwise. */
export function checkTick(body: TickBody): void {
  const errors: ValidationErrorItem[] = [];
  if (isView(body.type) && !body.url?.trim())
    errors.push({ field: "url", code: "missingField", message: "url is required." });
  if (body.type === "externalNavigation" && !body.destinationUrl?.trim())
    errors.push({ field: "destinationUrl", code: "missingField", message: "destinationUrl is required." });
  if (body.type === "discussion_view" && integerOrNull(body.discussionID) === null)
    errors.push({
      field: "discussionID",
      code: "missingField",
      message: "discussionID must be a discussion's id.",
    });
  if (errors.length > 0) throw new ValidationError(errors);
}

/** The event to buffer for a checked tick. */
export function bufferedEventOf(body: TickBody, sender: TickSender, now: string): BufferedEvent {
  const terms = body.searchQuery?.originalQuery ?? body.searchQuery?.terms?.join(" ") ?? null;
  return {
    type: body.type,
    dateInserted: now,
    userID: sender.userID,
    ipAddress: sender.ipAddress,
    visitorKey: sender.userID !== null ? `u${sender.userID}` : sender.ipAddress,
    url: stripSensitiveParams(body.url ?? ""),
    referrer: stripSensitiveParams(body.referrer ?? ""),
    discussionID: integerOrNull(body.discussionID),
    categoryID: integerOrNull(body.categoryID),
    destinationUrl: body.destinationUrl === undefined ? null : stripSensitiveParams(body.destinationUrl),
    searchTerms: body.type === "search" && terms !== null ? terms.trim().toLowerCase().slice(0, 200) : null,
    countResults: body.type === "search" ? (body.searchResults ?? null) : null,
  };
}

/** Crawlers are not counted (API.md 25: `didTrack: false`, "Bot request"). */
export function isBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /bot|crawl|spider|slurp/i.test(userAgent);
}

/** A search that found nothing, as announced by the search add-on: kept without who searched. */
export function searchEventOf(terms: string, now: string): BufferedEvent {
  return {
    type: "search",
    dateInserted: now,
    userID: null,
    ipAddress: null,
    visitorKey: null,
    url: "",
    referrer: "",
    discussionID: null,
    categoryID: null,
    destinationUrl: null,
    searchTerms: terms.trim().toLowerCase().slice(0, 200),
    countResults: 0,
  };
}
