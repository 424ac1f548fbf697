import type { ImportedReaction, ImportProgress, ImportSource, SkipRecord } from "../core/importSource";
import { VanillaApiError, VanillaClient, type VanillaClientOptions } from "./vanillaClient";
import {
  importedCategory,
  importedComment,
  importedDiscussion,
  importedUser,
  parentsFirst,
  reactionCountOf,
  type VanillaCategory,
  type VanillaComment,
  type VanillaDiscussion,
  type VanillaReactionLogEntry,
  type VanillaRole,
  type VanillaUser,
} from "./vanillaRecords";

/** A post read, and how many reactions its listing says it has (null: the listing did not say). */
interface ListedPost {
  recordType: "discussion" | "comment";
  recordID: number;
  reactionCount: number | null;
}

/**
 * A Vanilla site (or any site speaking its API v2) read with an administrator's token: categories, users (with
 * their photos and signatures), discussions with their tags, each discussion's comments (with the comment they
 * answer), and the reactions of the posts whose listing says they have some (of every post when it does not).
 */
export function vanillaSource(options: VanillaClientOptions): ImportSource {
  const client = new VanillaClient(options);
  /** Discussions as read (ids and comment counts), for the comments and reactions passes. */
  let discussions:
    { discussionID: number; countComments: number | null; reactionCount: number | null }[] | null = null;
  let comments: ListedPost[] | null = null;
  const reactionRequests = { asked: 0, saved: 0 };

  const listDiscussions = async function* (progress?: ImportProgress) {
    const seen: { discussionID: number; countComments: number | null; reactionCount: number | null }[] = [];
    for await (const discussion of client.list<VanillaDiscussion>(
      "/discussions?sort=discussionID&expand=tags,raw,reactions",
      (total) => progress?.total("discussions", total),
    )) {
      seen.push({
        discussionID: discussion.discussionID,
        countComments: discussion.countComments ?? null,
        reactionCount: reactionCountOf(discussion),
      });
      yield discussion;
    }
    discussions = seen;
  };

  /** The roles with their grants, read once; `null` when the token may not read them (403) or there is no list (404). */
  const readRoles = async (): Promise<VanillaRole[] | null> => {
    try {
      const { body } = await client.get("/roles?expand=permissions&limit=500");
      return Array.isArray(body) ? (body as VanillaRole[]) : null;
    } catch (error) {
      if (error instanceof VanillaApiError && [401, 403, 404].includes(error.status)) return null;
      throw error;
    }
  };

  const knownDiscussions = async () => {
    if (!discussions) for await (const _discussion of listDiscussions()) void _discussion;
    return discussions ?? [];
  };

  return {
    label: `vanilla ${client.siteUrl}`,
    key: client.siteUrl,

    async *categories(progress) {
      const all: VanillaCategory[] = [];
      for await (const category of client.list<VanillaCategory>("/categories?outputFormat=flat"))
        all.push(category);
      progress.total("categories", all.length);
      const roles = all.some((category) => category.customPermissions === true) ? await readRoles() : [];
      for (const [index, category] of parentsFirst(all).entries())
        yield importedCategory(category, index, roles);
    },

    async *users(progress) {
      for await (const user of client.list<VanillaUser>("/users?sort=userID", (total) =>
        progress.total("users", total),
      ))
        yield importedUser(user, client.siteUrl);
    },

    async *discussions(progress) {
      for await (const discussion of listDiscussions(progress)) yield importedDiscussion(discussion);
    },

    async *comments(progress) {
      const all = await knownDiscussions();
      const counted = all.every((discussion) => discussion.countComments !== null);
      progress.total(
        "comments",
        counted ? all.reduce((sum, discussion) => sum + (discussion.countComments ?? 0), 0) : null,
      );
      const listed: ListedPost[] = [];
      for (const { discussionID, countComments } of all) {
        if (countComments === 0) continue;
        for await (const comment of client.list<VanillaComment>(
          `/comments?discussionID=${discussionID}&sort=commentID&expand=raw,reactions`,
        )) {
          listed.push({
            recordType: "comment",
            recordID: comment.commentID,
            reactionCount: reactionCountOf(comment),
          });
          yield importedComment(comment, discussionID);
        }
      }
      comments = listed;
    },

    async *reactions(progress: ImportProgress, skip: SkipRecord) {
      progress.total("reactions", null);
      try {
        await client.get("/reactions");
      } catch (error) {
        if (error instanceof VanillaApiError && error.status === 404) {
          skip("reactions", "*", "the source has no reactions endpoint: no reactions imported");
          return;
        }
        throw error;
      }
      const posts: ListedPost[] = (await knownDiscussions()).map(({ discussionID, reactionCount }) => ({
        recordType: "discussion",
        recordID: discussionID,
        reactionCount,
      }));
      if (!comments)
        for await (const _comment of this.comments({ total: () => undefined }, skip)) void _comment;
      posts.push(...(comments ?? []));
      // A post its listing says has no reaction is not asked about (one request per post otherwise).
      const reacted = posts.filter((post) => post.reactionCount !== 0);
      reactionRequests.saved = posts.length - reacted.length;
      reactionRequests.asked = reacted.length;
      for (const { recordType, recordID } of reacted) {
        try {
          for await (const entry of client.list<VanillaReactionLogEntry>(
            `/${recordType}s/${recordID}/reactions`,
          )) {
            const urlcode = entry.reactionType?.urlcode ?? entry.reactionType?.urlCode;
            if (!urlcode) {
              skip(
                "reactions",
                `${recordType}:${recordID}:${entry.userID}`,
                "the source gave no reaction type",
              );
              continue;
            }
            const reaction: ImportedReaction = {
              recordType,
              recordForeignID: String(recordID),
              userForeignID: String(entry.userID),
              reactionUrlcode: urlcode,
              dateInserted: entry.dateInserted ?? null,
            };
            yield reaction;
          }
        } catch (error) {
          if (!(error instanceof VanillaApiError) || error.status !== 404) throw error;
          skip("reactions", `${recordType}:${recordID}`, "the source answered 404 for its reactions");
        }
      }
    },

    summary() {
      const { asked, saved } = reactionRequests;
      return asked + saved > 0
        ? [`reaction requests saved: ${saved} of ${asked + saved} (posts listed without reactions)`]
        : [];
    },

    async close() {},
  };
}
