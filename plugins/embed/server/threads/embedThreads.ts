import type { DiscussionPost } from "@forum/api/discussions";
import type { FastifyRequest } from "fastify";
import type { DiscussionCreateHook } from "@library/server/addons/discussionCreateHooks";
import { forumServices } from "@library/server/addons/forumServices";
import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { countHit, RATE_LIMITED_MESSAGE } from "@library/server/security/rateLimits";
import type { EmbedThreadBody } from "../../api/embedApi";
import { allowedOrigins, commentsCategoryID, NEW_THREADS_PER_HOUR_SETTING, originOf } from "../embedSettings";

export const NOT_ALLOWED_MESSAGE = "This site is not allowed to embed the forum.";
export const NO_CATEGORY_MESSAGE = "No category is set for blog comments.";
export const NO_AUTHOR_MESSAGE = "The forum has no administrator to start the comments of a blog post.";

/** The embedded page a new discussion is for: found by its body object inside the create hook. */
const pending = new WeakMap<object, { foreignID: string; url: string }>();

/** Thrown inside the create transaction when another request created this page's discussion first. */
class AlreadyCreatedError extends Error {}

/**
 * Inside the transaction of every new discussion: the one created for an embedded page records its foreign id.
 * The id is the key, so of two first views at once one inserts and the other rolls its discussion back.
 */
export const recordEmbedDiscussion: DiscussionCreateHook = async (trx, created) => {
  const page = pending.get(created.body);
  if (!page) return;
  const inserted = await trx
    .insertInto("embedDiscussions")
    .values({
      foreignID: page.foreignID,
      discussionID: created.discussionID,
      url: page.url,
      dateInserted: nowIso(),
    })
    .onConflict((conflict) => conflict.column("foreignID").doNothing())
    .returning("foreignID")
    .executeTakeFirst();
  if (!inserted) throw new AlreadyCreatedError();
};

function findEmbedDiscussion(context: AppContext, foreignID: string) {
  return context.db
    .selectFrom("embedDiscussions")
    .select(["discussionID"])
    .where("foreignID", "=", foreignID)
    .executeTakeFirst();
}

/** The page's URL, checked: http(s), without its fragment, on an allowed domain. */
export function embeddedPageUrl(context: AppContext, value: string): string {
  const origin = originOf(value);
  if (!origin) throw ValidationError.field("url", "The page's address must be an http or https URL.");
  if (!allowedOrigins(context.settings).includes(origin)) throw new ForbiddenError(NOT_ALLOWED_MESSAGE);
  const url = new URL(value);
  url.hash = "";
  return url.toString();
}

/** Who starts the discussions of blog posts: the first administrator (the discussion is the site's, not a reader's). */
async function commentsAuthor(context: AppContext): Promise<Viewer> {
  const snapshot = await context.grants.get();
  const adminRoleIDs = snapshot.rolesByType.get("administrator") ?? [];
  const candidates = await context.db
    .selectFrom("users")
    .select("userID")
    .where((where) =>
      where.or([
        where("isAdmin", "=", 1),
        ...(adminRoleIDs.length
          ? [
              where(
                "userID",
                "in",
                where.selectFrom("userRoles").select("userRoles.userID").where("roleID", "in", adminRoleIDs),
              ),
            ]
          : []),
      ]),
    )
    .where("deleted", "=", 0)
    .where("banned", "=", 0)
    .orderBy("userID")
    .limit(1)
    .execute();
  const viewer = candidates[0] ? await viewerForUser(context, candidates[0].userID) : null;
  if (!viewer) throw new ConflictError(NO_AUTHOR_MESSAGE);
  return viewer;
}

/**
 * The discussion of an embedded page, created in the blog-comments category on its first view (by anyone who
 * views the page: the discussion is started by the site's first administrator). Idempotent: the page's foreign
 * id is a key written in the discussion's own transaction.
 */
/** Who opens an embedded page's comments: their address, and whether they moderate (no budget then). */
export interface EmbedRequester {
  ip: string;
  moderates: boolean;
}

export function embedRequester(request: FastifyRequest): EmbedRequester {
  return { ip: request.ip, moderates: request.viewer.has("community.moderate") };
}

/**
 * Anyone may open a blog post's comments, and the first view of a post makes its discussion: without a budget, one
 * address could make discussions for invented addresses of an allowed blog at will. Each address may start
 * `embed.newThreadsPerHour` of them an hour (counted in the database, so across processes); views of discussions
 * that exist cost nothing.
 */
async function spendNewThreadBudget(context: AppContext, requester: EmbedRequester): Promise<void> {
  const limit = context.settings.peek<number>(NEW_THREADS_PER_HOUR_SETTING);
  if (!context.config.rateLimits || requester.moderates || !limit) return;
  const now = Math.floor(Date.now() / 1000);
  const { hits } = await countHit(context.db, `embed.newThreads:ip${requester.ip}`, now, 3600);
  if (hits > limit) throw new TooManyRequestsError(RATE_LIMITED_MESSAGE);
}

export async function embedThread(
  context: AppContext,
  input: EmbedThreadBody,
  requester: EmbedRequester,
): Promise<{ discussionID: number; foreignID: string; created: boolean }> {
  const url = embeddedPageUrl(context, input.url);
  const foreignID = input.foreignID ?? url;
  const existing = await findEmbedDiscussion(context, foreignID);
  if (existing) return { discussionID: existing.discussionID, foreignID, created: false };
  const categoryID = commentsCategoryID(context.settings);
  if (categoryID === null) throw new ConflictError(NO_CATEGORY_MESSAGE);
  await spendNewThreadBudget(context, requester);
  const author = await commentsAuthor(context);
  const title = input.title?.trim() || url.slice(0, 100);
  const body: DiscussionPost = {
    categoryID,
    name: title,
    body: `[${title.replace(/[[\]\\]/g, "\\$&")}](${url})`,
    format: "markdown",
  };
  pending.set(body, { foreignID, url });
  try {
    const discussionID = await forumServices().createDiscussion(context, author, body);
    return { discussionID, foreignID, created: true };
  } catch (error) {
    if (!(error instanceof AlreadyCreatedError)) throw error;
    const winner = await findEmbedDiscussion(context, foreignID);
    if (!winner) throw error;
    return { discussionID: winner.discussionID, foreignID, created: false };
  }
}
