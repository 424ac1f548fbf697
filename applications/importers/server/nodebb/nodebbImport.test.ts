import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { signedInClient } from "@library/server/testing/factories";
import { serverApplications } from "../../../serverApplications";
import { IMPORT_KINDS, type ImportReport } from "../core/importReport";
import { runImport } from "../core/importRun";
import { PLACEHOLDER_MEMBER_NAME } from "../core/importWriters";
import { importersApplication } from "../importersApplication";
import { categoryAccess, HIDDEN } from "../testing/categoryAccess";
import { commentOf, discussionPage, localIDOf, photoOf } from "../testing/importedView";
import { abortingAfter, counts, quietIO, snapshot } from "../testing/importTesting";
import { startPhotoServer, testPhoto, type PhotoServer } from "../testing/photoServer";
import { nodebbSource } from "./nodebbSource";
import { EXPECTED, loadCommunity, MISSING_PHOTO_PATH, PHOTO_PATH } from "./testing/nodebbCommunity";
import { startTestRedis, type TestRedis } from "./testing/redisFixture";

jest.setTimeout(120_000);

function created(report: ImportReport): number {
  return IMPORT_KINDS.reduce((sum, kind) => sum + report.totals[kind].created, 0);
}

for (const dialect of testDialects) {
  describe(`import nodebb on ${dialect}`, () => {
    let redis: TestRedis;
    let target: TestApp;
    let photos: PhotoServer;
    /** The first run's report. */
    let report = "";
    const command = importersApplication.commands?.import;

    beforeAll(async () => {
      redis = await startTestRedis();
      await loadCommunity(redis.url);
      // The NodeBB site's web server, serving nb_admin's uploaded photo (nb_moderator's is gone).
      photos = await startPhotoServer({ [PHOTO_PATH]: { png: await testPhoto() } });
      target = await createTestApp(dialect, serverApplications);
    });
    afterAll(async () => {
      await target?.close();
      await redis?.stop();
      await photos?.close();
    });

    it("copies the site with the fixture's counts, reports what it skipped, and a second run changes nothing", async () => {
      const before = await counts(target);
      const io = quietIO();
      const args = ["nodebb", "--redis", redis.url, "--uploads-url", `${photos.url}/`];
      expect(await command?.run(target.context, io, args)).toBe(0);
      report = io.lines.out.join("\n");
      expect(report).toContain(`Import from nodebb ${redis.url}/0 done.`);
      expect(report).toContain("discussions 4: the topic is deleted at the source");
      expect(report).toContain("comments 6: the post is deleted at the source");
      expect(report).toContain("comments 10: the topic is deleted at the source");
      expect(report).toContain("reactions comment:10:1:Up: the topic is deleted at the source");
      expect(report).toMatch(/discussions +4 +0 +1\n/);
      expect(report).toContain(
        "categories 7: disabled at the source: staff only until you set its permissions",
      );
      expect(report).toContain(
        "categories 6: 1 member(s) had their own grants in it at the source (not imported: give them a role)",
      );
      expect(io.lines.err.join("\n")).toMatch(/users +6\/6/);
      // Records skipped at the source count as read: the bars end at 100 %.
      expect(io.lines.err.join("\n")).toMatch(/discussions +5\/5 ▇+ 100%/);
      expect(io.lines.err.join("\n")).toMatch(/comments +12\/12 ▇+ 100%/);

      const after = await counts(target);
      expect({
        categories: after.categories - before.categories,
        // The members, and the placeholder the deleted member's posts are attributed to.
        users: after.users - before.users,
        discussions: after.discussions - before.discussions,
        comments: after.comments - before.comments,
        tags: after.tags - before.tags,
        reactions: after.reactions - before.reactions,
      }).toEqual({
        categories: EXPECTED.categories,
        users: EXPECTED.users + 1,
        discussions: EXPECTED.discussions,
        comments: EXPECTED.comments,
        tags: 5,
        reactions: EXPECTED.reactions,
      });

      const unchanged = await snapshot(target);
      const again = quietIO();
      expect(await command?.run(target.context, again, ["nodebb", "--redis", `${redis.url}/0`])).toBe(0);
      expect(again.lines.out.join("\n")).toMatch(/comments +0 +10 +2\n/);
      expect(await snapshot(target)).toBe(unchanged);
    });

    it("keeps the staff-only and the disabled categories from members and guests, and their topics off the list", async () => {
      const staffRoom = await categoryAccess(target, "staff-room");
      expect(staffRoom).toMatchObject({
        guest: HIDDEN,
        member: HIDDEN,
        moderator: 200,
        discussionsInside: 1,
        listedToMember: 0,
      });
      expect(await categoryAccess(target, "archive")).toMatchObject({
        guest: HIDDEN,
        member: HIDDEN,
        moderator: 200,
      });
      expect(await categoryAccess(target, "help")).toMatchObject({
        guest: 200,
        member: 200,
        moderator: 200,
        listedToMember: 1,
      });
    });

    it("keeps roles, bans, the category tree, tags, votes, closed and pinned, dates and views; no script survives", async () => {
      const db = target.context.db;
      const members = await db
        .selectFrom("users")
        .leftJoin("userRoles", "userRoles.userID", "users.userID")
        .leftJoin("roles", "roles.roleID", "userRoles.roleID")
        .select(["users.name", "users.banned", "users.dateInserted", "roles.name as role"])
        .where("users.name", "like", "nb_%")
        .orderBy("users.name")
        .execute();
      expect(members.map((member) => [member.name, member.role, member.banned])).toEqual([
        ["nb_admin", "Administrator", 0],
        ["nb_alice", "Member", 0],
        ["nb_bob", "Member", 1],
        ["nb_carol", "Member", 0],
        ["nb_dave", "Member", 0],
        ["nb_moderator", "Moderator", 0],
      ]);
      expect(members[0]?.dateInserted).toBe("2023-01-01T00:00:00.000Z");
      const hardware = await db
        .selectFrom("categories as child")
        .innerJoin("categories as parent", "parent.categoryID", "child.parentCategoryID")
        .select(["child.depth", "parent.urlcode as parent"])
        .where("child.urlcode", "=", "hardware")
        .executeTakeFirstOrThrow();
      expect(hardware).toEqual({ depth: 3, parent: "help" });

      const { client } = await signedInClient(target, { role: "Administrator" });
      const list = await client.get<Discussion[]>("/api/v2/discussions?expand=insertUser,tags&limit=100");
      const byName = new Map(list.body.map((discussion) => [discussion.name, discussion]));
      expect(byName.get("Welcome to the community")).toMatchObject({
        closed: true,
        pinned: true,
        pinLocation: "category",
        countViews: 42,
        countComments: 1,
        dateInserted: "2023-01-11T00:00:00+00:00",
        insertUser: { name: "nb_admin" },
        tags: [expect.objectContaining({ name: "news" }), expect.objectContaining({ name: "welcome" })],
      });
      expect(byName.get("Old keyboards")?.insertUser?.name).toBe(PLACEHOLDER_MEMBER_NAME);
      expect(byName.has("A thread removed by the moderators")).toBe(false);

      const question = byName.get("How do I reset my password?");
      const discussion = await client.get<Discussion>(
        `/api/v2/discussions/${question?.discussionID ?? 0}?expand=reactions`,
      );
      expect(discussion.body.body).toContain("<em>forgot</em>");
      // Markdown's raw HTML is shown as text (as NodeBB's markdown plugin does by default), never run.
      expect(discussion.body.body).not.toContain("<script");
      expect(discussion.body.body).toContain("&lt;script&gt;");
      expect(discussion.body.reactions?.find((reaction) => reaction.urlcode === "Up")?.count).toBe(1);
      const comments = await client.get<Comment[]>(
        `/api/v2/comments?discussionID=${question?.discussionID ?? 0}&expand=reactions`,
      );
      expect(comments.body.map((comment) => [comment.insertUser?.name, comment.dateInserted])).toEqual([
        ["nb_moderator", "2023-01-22T00:00:00+00:00"],
        [PLACEHOLDER_MEMBER_NAME, "2023-01-23T00:00:00+00:00"],
        ["nb_bob", "2023-01-25T00:00:00+00:00"],
      ]);
      expect(comments.body[1]?.reactions?.find((reaction) => reaction.urlcode === "Down")?.count).toBe(1);
    });

    it("copies members' photos and signatures, and nests a reply under the reply it answers", async () => {
      expect(report).toContain("photos copied: 1");
      const admin = await photoOf(target, await localIDOf(target, "users", "1"));
      expect(admin).toMatchObject({ status: 200, type: "image/png" });
      expect(admin.photoUrl).toMatch(/\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);
      expect(report).toContain(
        `users 2: photo not copied: the source answered HTTP 404 (${photos.url}${MISSING_PHOTO_PATH})`,
      );
      expect(photos.requests.sort()).toEqual([PHOTO_PATH, MISSING_PHOTO_PATH].sort());

      const discussionID = await localIDOf(target, "discussions", "2");
      const page = await discussionPage(target, discussionID);
      expect(page.articleOf(`Discussion_${discussionID}`)).toMatch(
        /class="signature[^"]*"><p>Fixing bikes since <strong>1999<\/strong>/,
      );
      const moderatorReply = await localIDOf(target, "comments", "4");
      // pid 4 answered the topic's first post (the discussion itself); pid 5 answered pid 4.
      expect(await commentOf(target, moderatorReply)).toMatchObject({ depth: 1 });
      // pid 12 answered a post deleted at the source: it answers the discussion here, and the report says so.
      expect(await commentOf(target, await localIDOf(target, "comments", "12"))).toMatchObject({ depth: 1 });
      expect(report).toContain(
        "comments 12: its parent comment 6 was not imported: shown as a reply to the discussion",
      );
      // Six levels at the source, five here: the sixth sits beside the fifth, under the fourth.
      const deep = await Promise.all(
        ["8", "13", "14", "15", "16", "17"].map(async (pid) => {
          const comment = await commentOf(target, await localIDOf(target, "comments", pid));
          return [comment.depth, comment.parentCommentID ?? null];
        }),
      );
      const ids = await Promise.all(["8", "13", "14", "15"].map((pid) => localIDOf(target, "comments", pid)));
      expect(deep).toEqual([
        [1, null],
        [2, ids[0]],
        [3, ids[1]],
        [4, ids[2]],
        [5, ids[3]],
        [5, ids[3]],
      ]);
      expect(report).toContain(
        "comments 17: nested deeper than 5 levels at the source: shown beside the comment it answers",
      );
      expect(await commentOf(target, await localIDOf(target, "comments", "5"))).toMatchObject({
        parentCommentID: moderatorReply,
        depth: 2,
      });
    });

    it("resumes a stopped run without duplicates, and says what is wrong with the Redis it is given", async () => {
      const resumed = await createTestApp(dialect, serverApplications);
      try {
        const before = await counts(resumed);
        const controller = new AbortController();
        const stopped = await runImport(
          resumed.context,
          abortingAfter(await nodebbSource({ redisUrl: redis.url }), 9, controller),
          { io: quietIO(), signal: controller.signal, batchSize: 2 },
        );
        expect(stopped.interrupted).toBe(true);
        const partial = created(stopped);
        expect(partial).toBeGreaterThan(0);
        expect(partial).toBeLessThan(12);
        const rest = await runImport(resumed.context, await nodebbSource({ redisUrl: redis.url }), {
          io: quietIO(),
        });
        expect(rest.interrupted).toBe(false);
        expect(IMPORT_KINDS.reduce((sum, kind) => sum + rest.totals[kind].alreadyHere, 0)).toBe(partial);
        // Without --uploads-url, a photo kept on the NodeBB site is not copied, and the report says how to.
        expect([...stopped.notes, ...rest.notes]).toContainEqual({
          kind: "users",
          foreignID: "1",
          note: `photo not copied: ${PHOTO_PATH} is a path on the NodeBB site: give --uploads-url`,
        });
        const after = await counts(resumed);
        expect(after.discussions - before.discussions).toBe(EXPECTED.discussions);
        expect(after.comments - before.comments).toBe(EXPECTED.comments);
        expect(after.reactions - before.reactions).toBe(EXPECTED.reactions);
      } finally {
        await resumed.close();
      }

      await expect(command?.run(target.context, quietIO(), ["nodebb"])).rejects.toThrow(
        "Name the database: import nodebb --redis URL [--db N]",
      );
      await expect(
        command?.run(target.context, quietIO(), ["nodebb", "--redis", redis.url, "--db", "2"]),
      ).rejects.toThrow(/\(database 2\) holds no NodeBB site: its "global" hash is missing/);
    });
  });
}
