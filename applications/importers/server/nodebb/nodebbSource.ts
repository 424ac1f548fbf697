import type Redis from "ioredis";
import type {
  ImportedCategory,
  ImportedComment,
  ImportedDiscussion,
  ImportedReaction,
  ImportedUser,
  ImportProgress,
  ImportSource,
  SkipRecord,
} from "../core/importSource";
import { reactionForeignID } from "../core/importWriters";
import {
  authorOf,
  CATEGORY_PRIVILEGES,
  isLocalId,
  isoDate,
  orderCategories,
  toCategory,
  toComment,
  toDiscussion,
  topicSkipReason,
  topicTags,
  toUser,
  type CategoryPrivilege,
  type NodebbHash,
} from "./nodebbRecords";
import {
  connectNodebbRedis,
  describeRedis,
  hashes,
  pipelined,
  sortedSetPages,
  type NodebbRedisOptions,
} from "./nodebbRedis";

/** Records read per round trip: one ZRANGE for the ids, then one pipeline of HGETALLs. */
const PAGE_SIZE = 500;

/** NodeBB's votes are this site's `Up` and `Down` reaction types (both seeded with every site). */
const VOTE_REACTIONS = [
  { set: "upvote", urlcode: "Up" },
  { set: "downvote", urlcode: "Down" },
] as const;

/**
 * Reads a NodeBB site from its Redis database (NodeBB's default store), page by page in the order of NodeBB's
 * own sorted sets (`users:joindate`, `topics:tid`, `posts:pid`, each by date then id), so the records of a
 * large site never sit in memory at once and two runs read them in the same order. A topic's main post is its
 * discussion's body; its other posts are comments. Deleted topics and posts, and posts of deleted topics,
 * are skipped with the reason; the content of a deleted member keeps no author (the run attributes it).
 */
export async function nodebbSource(
  options: NodebbRedisOptions & { uploadsUrl?: string },
): Promise<ImportSource> {
  const { address, db } = describeRedis(options);
  const client = await connectNodebbRedis(options);
  const now = Date.now();
  const reader = new NodebbReader(client, now, options.uploadsUrl ?? null);
  return {
    label: `nodebb ${address}/${db}`,
    key: `nodebb ${address}/${db}`,
    categories: (progress, skip) => reader.categories(progress, skip),
    users: (progress, skip) => reader.users(progress, skip),
    discussions: (progress, skip) => reader.discussions(progress, skip),
    comments: (progress, skip) => reader.comments(progress, skip),
    reactions: (progress, skip) => reader.reactions(progress, skip),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

interface PostRef {
  tid: string | null;
  deleted: boolean;
}

interface TopicRef {
  hash: NodebbHash | null;
  mainPid: string | null;
}

class NodebbReader {
  constructor(
    private readonly client: Redis,
    private readonly now: number,
    /** The NodeBB site's address, which its members' uploaded photo paths are read from. */
    private readonly uploadsUrl: string | null,
  ) {}

  async *categories(progress: ImportProgress, skip: SkipRecord): AsyncGenerator<ImportedCategory> {
    // A few hundred at most: read whole, since parents must come before children whatever NodeBB's order.
    const cids = await this.client.zrange("categories:cid", "0", "-1");
    const local = cids.filter((cid) => isLocalId(cid));
    progress.total("categories", local.length);
    const rows = await hashes(
      this.client,
      local.map((cid) => `category:${cid}`),
    );
    const privileges = await this.categoryPrivileges(local);
    const singleMembers = await this.singlyGranted(local);
    const categories: ImportedCategory[] = [];
    local.forEach((cid, i) => {
      const hash = rows[i];
      if (hash) categories.push(toCategory(cid, hash, privileges[i]!, singleMembers[i]));
      else skip("categories", cid, "the category no longer exists at the source");
    });
    yield* orderCategories(categories);
  }

  async *users(progress: ImportProgress, skip: SkipRecord): AsyncGenerator<ImportedUser> {
    progress.total("users", await this.client.zcard("users:joindate"));
    for await (const page of sortedSetPages(this.client, "users:joindate", PAGE_SIZE)) {
      const uids = page.map(({ member }) => member);
      const [rows, admins, moderators] = await Promise.all([
        hashes(
          this.client,
          uids.map((uid) => `user:${uid}`),
        ),
        this.membership("group:administrators:members", uids),
        this.membership("group:Global Moderators:members", uids),
      ]);
      const pending = await this.pendingEmails(uids.filter((_, i) => rows[i] && !rows[i].email));
      for (const [i, { member: uid, score }] of page.entries()) {
        const hash = rows[i];
        if (!hash) {
          skip("users", uid, "the member no longer exists at the source");
          continue;
        }
        const roles = { administrator: admins[i]!, moderator: moderators[i]! };
        const user = toUser(uid, hash, score, roles, this.now, this.uploadsUrl);
        yield user.email === null ? { ...user, email: pending.get(uid) ?? null } : user;
      }
    }
  }

  /**
   * NodeBB 3 keeps a member's address in their hash only once confirmed; until then it waits in the
   * confirmation (`confirm:byUid:{uid}` names the code, `confirm:{code}` holds the address). A member who never
   * confirmed still gave it, and a password reset here confirms it.
   */
  private async pendingEmails(uids: string[]): Promise<Map<string, string>> {
    const codes = await pipelined<string | null>(this.client, uids, (pipeline, uid) =>
      pipeline.get(`confirm:byUid:${uid}`),
    );
    const waiting = uids.flatMap((uid, i) => (codes[i] ? [{ uid, code: codes[i] }] : []));
    const emails = await pipelined<string | null>(
      this.client,
      waiting.map(({ code }) => `confirm:${code}`),
      (pipeline, key) => pipeline.hget(key, "email"),
    );
    return new Map(waiting.flatMap(({ uid }, i) => (emails[i] ? [[uid, emails[i]] as const] : [])));
  }

  async *discussions(progress: ImportProgress, skip: SkipRecord): AsyncGenerator<ImportedDiscussion> {
    progress.total("discussions", await this.client.zcard("topics:tid"));
    for await (const page of sortedSetPages(this.client, "topics:tid", PAGE_SIZE)) {
      const tids = page.map(({ member }) => member);
      const topics = await hashes(
        this.client,
        tids.map((tid) => `topic:${tid}`),
      );
      const mainPosts = await hashes(
        this.client,
        topics.map((topic) => `post:${topic?.mainPid ?? "0"}`),
      );
      const legacyTagged = tids.filter((_, i) => topics[i] && topics[i].tags === undefined);
      const legacyTags = await pipelined<string[]>(this.client, legacyTagged, (pipeline, tid) =>
        pipeline.smembers(`topic:${tid}:tags`),
      );
      const tagsByTid = new Map(legacyTagged.map((tid, i) => [tid, legacyTags[i]]));
      const authors = await this.existingUsers([...topics, ...mainPosts].map((row) => row?.uid));
      for (const [i, { member: tid, score }] of page.entries()) {
        const topic = topics[i] ?? null;
        const mainPost = mainPosts[i];
        const reason = topicSkipReason(topic, this.now);
        if (reason !== null || !topic) {
          skip("discussions", tid, reason ?? "the topic no longer exists at the source");
        } else if (!mainPost) {
          skip("discussions", tid, "the topic's first post no longer exists at the source");
        } else {
          const author = authorOf(mainPost.uid ?? topic.uid, authors);
          yield toDiscussion(tid, topic, mainPost, author, topicTags(topic, tagsByTid.get(tid)), score);
        }
      }
    }
  }

  async *comments(progress: ImportProgress, skip: SkipRecord): AsyncGenerator<ImportedComment> {
    const [posts, topics] = await Promise.all([
      this.client.zcard("posts:pid"),
      this.client.zcard("topics:tid"),
    ]);
    progress.total("comments", Math.max(0, posts - topics));
    for await (const page of sortedSetPages(this.client, "posts:pid", PAGE_SIZE)) {
      const rows = await hashes(
        this.client,
        page.map(({ member }) => `post:${member}`),
      );
      const topics = await this.topicRefs(rows.map((row) => row?.tid ?? null));
      const authors = await this.existingUsers(rows.map((row) => row?.uid));
      for (const [i, { member: pid, score }] of page.entries()) {
        const post = rows[i];
        if (!post) {
          skip("comments", pid, "the post no longer exists at the source");
          continue;
        }
        const topic = topics.get(post.tid ?? "");
        // The topic's first post is its discussion's body, read with the topic.
        if (topic?.mainPid === pid) continue;
        const reason =
          post.deleted === "1" ? "the post is deleted at the source" : topicReason(topic, this.now);
        if (reason !== null) skip("comments", pid, reason);
        else yield toComment(pid, post, authorOf(post.uid, authors), score, topic?.mainPid ?? null);
      }
    }
  }

  async *reactions(progress: ImportProgress, skip: SkipRecord): AsyncGenerator<ImportedReaction> {
    progress.total("reactions", await this.countVotes());
    for await (const page of sortedSetPages(this.client, "users:joindate", PAGE_SIZE)) {
      const votes: { uid: string; pid: string; score: number; urlcode: string }[] = [];
      for (const { set, urlcode } of VOTE_REACTIONS) {
        const lists = await pipelined<string[]>(
          this.client,
          page.map(({ member }) => `uid:${member}:${set}`),
          (pipeline, key) => pipeline.zrange(key, "0", "-1", "WITHSCORES"),
        );
        page.forEach(({ member: uid }, i) => {
          const flat = lists[i] ?? [];
          for (let j = 0; j + 1 < flat.length; j += 2) {
            votes.push({ uid, pid: flat[j]!, score: Number(flat[j + 1]), urlcode });
          }
        });
      }
      const posts = await this.postRefs(votes.map(({ pid }) => pid));
      const topics = await this.topicRefs([...posts.values()].map((post) => post.tid));
      for (const vote of votes) {
        const post = posts.get(vote.pid);
        const topic = post?.tid ? topics.get(post.tid) : undefined;
        const reason = !post
          ? "the post no longer exists at the source"
          : post.deleted
            ? "the post is deleted at the source"
            : topicReason(topic, this.now);
        const onTopic = topic?.mainPid === vote.pid && post?.tid;
        const reaction: ImportedReaction = {
          recordType: onTopic ? "discussion" : "comment",
          recordForeignID: onTopic ? onTopic : vote.pid,
          userForeignID: vote.uid,
          reactionUrlcode: vote.urlcode,
          dateInserted: isoDate(vote.score),
        };
        if (reason === null) yield reaction;
        else skip("reactions", reactionForeignID(reaction), reason);
      }
    }
  }

  /**
   * Per category, the groups holding each privilege: NodeBB keeps a privilege as a group whose members are group
   * names (`group:cid:{cid}:privileges:groups:{privilege}:members`), all read in one pipeline.
   */
  private async categoryPrivileges(cids: string[]): Promise<Record<CategoryPrivilege, string[]>[]> {
    const lists = await this.privilegeHolders(cids, "groups:");
    return lists.map(
      (perPrivilege) =>
        Object.fromEntries(
          CATEGORY_PRIVILEGES.map((privilege, j) => [privilege, perPrivilege[j] ?? []]),
        ) as Record<CategoryPrivilege, string[]>,
    );
  }

  /** Per category, how many members hold a privilege in it on their own (NodeBB's per-user grants). */
  private async singlyGranted(cids: string[]): Promise<number[]> {
    const lists = await this.privilegeHolders(cids, "");
    return lists.map((perPrivilege) => new Set(perPrivilege.flat()).size);
  }

  /**
   * Per category, per privilege (CATEGORY_PRIVILEGES' order), the holders of the privilege: the groups
   * (`holders` = `groups:`) or single members (`""`), all read in one pipeline.
   */
  private async privilegeHolders(cids: string[], holders: "groups:" | ""): Promise<string[][][]> {
    const keys = cids.flatMap((cid) =>
      CATEGORY_PRIVILEGES.map((privilege) => `group:cid:${cid}:privileges:${holders}${privilege}:members`),
    );
    const lists = await pipelined<string[]>(this.client, keys, (pipeline, key) =>
      pipeline.zrange(key, "0", "-1"),
    );
    return cids.map((_, i) =>
      CATEGORY_PRIVILEGES.map((_privilege, j) => lists[i * CATEGORY_PRIVILEGES.length + j] ?? []),
    );
  }

  /** Whether each uid is in a group (a sorted set of uids). */
  private async membership(groupKey: string, uids: string[]): Promise<boolean[]> {
    const scores = await pipelined<string | null>(this.client, uids, (pipeline, uid) =>
      pipeline.zscore(groupKey, uid),
    );
    return scores.map((score) => score !== null);
  }

  /** The uids among these that still have a member hash (guests are uid 0, deleted members have none). */
  private async existingUsers(uids: (string | undefined)[]): Promise<Set<string>> {
    const distinct = [...new Set(uids.filter((uid): uid is string => uid !== undefined && isLocalId(uid)))];
    const found = await pipelined<number>(this.client, distinct, (pipeline, uid) =>
      pipeline.exists(`user:${uid}`),
    );
    return new Set(distinct.filter((_, i) => found[i] === 1));
  }

  private async topicRefs(tids: (string | null)[]): Promise<Map<string, TopicRef>> {
    const distinct = [...new Set(tids.filter((tid): tid is string => tid !== null))];
    const rows = await pipelined<(string | null)[]>(this.client, distinct, (pipeline, tid) =>
      pipeline.hmget(`topic:${tid}`, "mainPid", "deleted", "timestamp"),
    );
    return new Map(
      distinct.map((tid, i) => {
        const [mainPid = null, deleted = null, timestamp = null] = rows[i] ?? [];
        const exists = mainPid !== null || deleted !== null || timestamp !== null;
        const hash: NodebbHash = { deleted: deleted ?? "0", timestamp: timestamp ?? "0" };
        return [tid, { hash: exists ? hash : null, mainPid }];
      }),
    );
  }

  private async postRefs(pids: string[]): Promise<Map<string, PostRef>> {
    const distinct = [...new Set(pids)];
    const rows = await pipelined<(string | null)[]>(this.client, distinct, (pipeline, pid) =>
      pipeline.hmget(`post:${pid}`, "tid", "deleted"),
    );
    const refs = new Map<string, PostRef>();
    distinct.forEach((pid, i) => {
      const [tid = null, deleted = null] = rows[i] ?? [];
      if (tid !== null || deleted !== null) refs.set(pid, { tid, deleted: deleted === "1" });
    });
    return refs;
  }

  /** Every member's votes, counted ahead for the progress bar (one ZCARD per member and kind, pipelined). */
  private async countVotes(): Promise<number> {
    let total = 0;
    for await (const page of sortedSetPages(this.client, "users:joindate", PAGE_SIZE)) {
      const keys = page.flatMap(({ member }) => VOTE_REACTIONS.map(({ set }) => `uid:${member}:${set}`));
      const counts = await pipelined<number>(this.client, keys, (pipeline, key) => pipeline.zcard(key));
      total += counts.reduce((sum, count) => sum + count, 0);
    }
    return total;
  }
}

function topicReason(topic: TopicRef | undefined, now: number): string | null {
  return topicSkipReason(topic?.hash ?? null, now);
}
