import type { ImportKind, ImportSource } from "../core/importSource";
import { nodebbSource } from "./nodebbSource";
import {
  COMMUNITY,
  EXPECTED,
  loadCommunity,
  MISSING_PHOTO_PATH,
  PHOTO_PATH,
} from "./testing/nodebbCommunity";
import { everyAvailableRedis, startTestRedis, type TestRedis } from "./testing/redisFixture";

/** Everything a source yields, kind by kind, with the totals it announced and the records it skipped. */
async function readAll(source: ImportSource) {
  const totals: Partial<Record<ImportKind, number | null>> = {};
  const skipped: { kind: ImportKind; foreignID: string; reason: string }[] = [];
  const progress = { total: (kind: ImportKind, count: number | null) => void (totals[kind] = count) };
  const skip = (kind: ImportKind, foreignID: string, reason: string) =>
    void skipped.push({ kind, foreignID, reason });
  const collect = async <T>(records: AsyncIterable<T>): Promise<T[]> => {
    const list: T[] = [];
    for await (const record of records) list.push(record);
    return list;
  };
  return {
    categories: await collect(source.categories(progress, skip)),
    users: await collect(source.users(progress, skip)),
    discussions: await collect(source.discussions(progress, skip)),
    comments: await collect(source.comments(progress, skip)),
    reactions: await collect(source.reactions(progress, skip)),
    totals,
    skipped,
  };
}

// The same reads on Debian's redis-server (where installed) and on the in-process double.
for (const kind of everyAvailableRedis()) {
  describe(`NodeBB source on ${kind}`, () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startTestRedis(kind);
      await loadCommunity(redis.url);
    });
    afterAll(() => redis.stop());

    it("reads a NodeBB site's records in order, skipping what was deleted with the reason", async () => {
      const source = await nodebbSource({ redisUrl: redis.url });
      const read = await readAll(source);
      const again = await readAll(source);
      await source.close();

      expect(source.label).toMatch(/^nodebb redis:\/\/127\.0\.0\.1:\d+\/0$/);
      expect(again).toEqual(read);

      // Parents before children, siblings by NodeBB's order; slugs without the cid.
      expect(read.categories.map((c) => [c.foreignID, c.parentForeignID])).toEqual([
        ["1", null],
        ["2", null],
        ["3", "2"],
        ["5", "3"],
        ["4", "2"],
        ["6", null],
        ["7", null],
      ]);
      expect(read.categories[3]).toMatchObject({
        foreignID: "5",
        parentForeignID: "3",
        name: "Hardware",
        description: "Screws and chips",
        urlcode: "hardware",
        sort: 1,
      });
      expect(read.categories[1]!.description).toBeNull();
      // Each category's privileges per group, as this site's roles: members and guests read the open ones;
      // the staff room is the moderators' (and administrators'); the disabled one arrives for staff only.
      const viewers = (cid: string) =>
        read.categories
          .find((category) => category.foreignID === cid)
          ?.permissions?.filter((grant) => grant.view)
          .map((grant) => grant.roleName);
      expect(viewers("5")).toEqual(["Guest", "Member", "Moderator", "Administrator"]);
      expect(read.categories[3]!.permissions).toEqual([
        { roleName: "Guest", view: true, startDiscussions: false, comment: false, moderate: false },
        { roleName: "Member", view: true, startDiscussions: true, comment: true, moderate: false },
        { roleName: "Moderator", view: true, startDiscussions: true, comment: true, moderate: true },
        { roleName: "Administrator", view: true, startDiscussions: true, comment: true, moderate: true },
      ]);
      expect(viewers("6")).toEqual(["Moderator", "Administrator"]);
      expect(viewers("7")).toEqual(["Moderator", "Administrator"]);
      expect(read.categories.find((category) => category.foreignID === "7")?.disabled).toBe(true);

      expect(read.users.map((u) => [u.name, u.roleNames, u.banned])).toEqual([
        ["nb_admin", ["Administrator"], false],
        ["nb_moderator", ["Moderator"], false],
        ["nb_alice", ["Member"], false],
        ["nb_bob", ["Member"], true],
        ["nb_carol", ["Member"], false],
        ["nb_dave", ["Member"], false],
      ]);
      expect(read.users[5]?.email).toBe("dave@example.org");
      expect(read.users[2]).toMatchObject({
        foreignID: "3",
        email: "nb_alice@example.com",
        about: "I fix bikes.",
        dateInserted: "2023-01-03T00:00:00.000Z",
        dateLastActive: "2023-01-03T01:00:00.000Z",
      });
      expect(read.users[2]?.signature).toEqual({ body: "Fixing bikes since **1999**", format: "markdown" });
      // Photos kept on the NodeBB site are paths: without its address they are not read, and it says why.
      expect(read.users.slice(0, 2).map((u) => [u.photoUrl, u.photoProblem])).toEqual([
        [null, `${PHOTO_PATH} is a path on the NodeBB site: give --uploads-url`],
        [null, `${MISSING_PHOTO_PATH} is a path on the NodeBB site: give --uploads-url`],
      ]);

      expect(read.discussions.map((d) => d.foreignID)).toEqual(["1", "2", "3", "5"]);
      expect(read.discussions[0]).toEqual({
        foreignID: "1",
        categoryForeignID: "1",
        insertUserForeignID: "1",
        name: "Welcome to the community",
        body: "Hello **everyone**, read the rules.",
        format: "markdown",
        dateInserted: "2023-01-11T00:00:00.000Z",
        dateUpdated: "2023-01-12T00:00:00.000Z",
        closed: true,
        pinned: true,
        pinLocation: "category",
        countViews: 42,
        tags: ["news", "welcome"],
      });
      // The member who wrote topic 3 deleted their account; its tags are in the pre-1.18 set.
      expect(read.discussions[2]).toMatchObject({
        insertUserForeignID: null,
        tags: ["hardware", "keyboards"],
      });

      // A reply's parent is the post it answers (`toPid`), unless that is the topic's first post.
      expect(
        read.comments.map((c) => [
          c.foreignID,
          c.discussionForeignID,
          c.insertUserForeignID,
          c.parentForeignID,
        ]),
      ).toEqual([
        ["2", "1", "3", null],
        ["4", "2", "2", null],
        ["5", "2", null, "4"],
        ["12", "2", "4", "6"],
        ["8", "3", "4", null],
        ["13", "3", "3", "8"],
        ["14", "3", "4", "13"],
        ["15", "3", "3", "14"],
        ["16", "3", "4", "15"],
        ["17", "3", "3", "16"],
      ]);
      expect(read.comments[4]).toMatchObject({ dateUpdated: "2023-02-02T00:00:00.000Z", format: "markdown" });

      expect(read.reactions).toEqual([
        {
          recordType: "comment",
          recordForeignID: "2",
          userForeignID: "1",
          reactionUrlcode: "Up",
          dateInserted: "2023-01-15T00:00:00.000Z",
        },
        {
          recordType: "discussion",
          recordForeignID: "2",
          userForeignID: "2",
          reactionUrlcode: "Up",
          dateInserted: "2023-01-22T00:00:00.000Z",
        },
        {
          recordType: "discussion",
          recordForeignID: "1",
          userForeignID: "3",
          reactionUrlcode: "Up",
          dateInserted: "2023-01-14T00:00:00.000Z",
        },
        {
          recordType: "comment",
          recordForeignID: "5",
          userForeignID: "4",
          reactionUrlcode: "Down",
          dateInserted: "2023-01-24T00:00:00.000Z",
        },
      ]);

      expect(read.totals).toEqual({
        categories: EXPECTED.categories,
        users: EXPECTED.users,
        discussions: COMMUNITY.topics.length,
        comments: 12,
        reactions: COMMUNITY.votes.length,
      });
      expect(read.skipped).toEqual([
        { kind: "discussions", foreignID: "4", reason: "the topic is deleted at the source" },
        { kind: "comments", foreignID: "6", reason: "the post is deleted at the source" },
        { kind: "comments", foreignID: "10", reason: "the topic is deleted at the source" },
        { kind: "reactions", foreignID: "comment:10:1:Up", reason: "the topic is deleted at the source" },
        { kind: "reactions", foreignID: "comment:6:6:Down", reason: "the post is deleted at the source" },
      ]);
    });

    it("says so when Redis cannot be reached or the database holds no NodeBB site", async () => {
      await expect(nodebbSource({ redisUrl: redis.url, db: 3 })).rejects.toThrow(
        /^Redis at redis:\/\/127\.0\.0\.1:\d+ \(database 3\) holds no NodeBB site: its "global" hash is missing\./,
      );
      await expect(nodebbSource({ redisUrl: "redis://127.0.0.1:1" })).rejects.toThrow(
        /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(database 0\): connect ECONNREFUSED 127\.0\.0\.1:1$/,
      );
      await expect(nodebbSource({ redisUrl: "http://example.com" })).rejects.toThrow(
        '"http://example.com" is not a Redis URL (redis://host:port/db).',
      );
    });
  });
}
