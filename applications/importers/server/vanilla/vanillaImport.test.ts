import type { AddressInfo } from "node:net";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import { verifyPassword } from "@library/server/auth/passwords";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { recountCounters } from "@library/server/cli/recountCounters";
import { nowIso } from "@library/server/http/dates";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { createTestUser, roleIDByName, signedInClient } from "@library/server/testing/factories";
import { DEFAULT_AVATAR_URL } from "@forum/api/guest";
import sharp from "sharp";
import { serverApplications } from "../../../serverApplications";
import { progressLine } from "../core/importProgressDisplay";
import { emptyReport, formatReport, IMPORT_KINDS, type ImportReport } from "../core/importReport";
import { runImport } from "../core/importRun";
import { PLACEHOLDER_MEMBER_NAME, UNUSABLE_PASSWORD } from "../core/importWriters";
import { importersApplication } from "../importersApplication";
import { FIXTURE_TOKEN, startVanillaFixture, type VanillaFixture } from "./vanillaFixtureServer";
import { categoryAccess, HIDDEN } from "../testing/categoryAccess";
import { commentOf, discussionPage, localIDOf, photoOf } from "../testing/importedView";
import { abortingAfter, counts, countOf, IMPORTED_TABLES, quietIO, snapshot } from "../testing/importTesting";
import { vanillaSource } from "./vanillaSource";

jest.setTimeout(120_000);

function createdTotal(report: ImportReport): number {
  return IMPORT_KINDS.reduce((sum, kind) => sum + report.totals[kind].created, 0);
}

describe.each(testDialects)("import vanilla on %s", (dialect) => {
  describe("from a site answering Vanilla's API shapes", () => {
    let fixture: VanillaFixture;
    let target: TestApp;
    let report: ImportReport;

    beforeAll(async () => {
      fixture = await startVanillaFixture();
      target = await createTestApp(dialect, serverApplications);
      await createTestUser(target.context, { name: "Bob", email: "another-bob@example.com" });
      // A post of this site, indexed before the import: the index is not empty, so only the run's own word
      // (the searchRecords.changed event) gets the imported posts into it.
      const { client } = await signedInClient(target, { role: "Administrator" });
      const category = await client.post<{ categoryID: number }>("/api/v2/categories", {
        name: "Before",
        urlcode: "before",
      });
      const posted = await client.post("/api/v2/discussions", {
        categoryID: category.body.categoryID,
        name: "Already here",
        body: "Posted before the import.",
        format: "markdown",
      });
      expect(posted.status).toBe(201);
      report = await runImport(
        target.context,
        vanillaSource({ url: `${fixture.url}/`, token: FIXTURE_TOKEN, sleep: () => Promise.resolve() }),
        { io: quietIO(), batchSize: 2 },
      );
    });
    afterAll(async () => {
      await target.close();
      await fixture.close();
    });

    it("copies categories, members, posts, tags and reactions, and reports what it skipped and why", async () => {
      expect(report.totals).toEqual({
        categories: { created: 4, alreadyHere: 0, skipped: 0 },
        users: { created: 3, alreadyHere: 0, skipped: 1 },
        discussions: { created: 2, alreadyHere: 0, skipped: 1 },
        comments: { created: 4, alreadyHere: 0, skipped: 1 },
        reactions: { created: 1, alreadyHere: 0, skipped: 1 },
      });
      const text = formatReport(report);
      expect(text).toContain("users 4: no email address at the source");
      expect(text).toContain("discussions 12: its category 404 was not imported");
      expect(text).toContain("comments 103: its discussion 12 was not imported");
      expect(text).toContain('no reaction type "Sparkles" here');
      expect(text).toContain('named "Bob-2" here');
      // The users' second page came from the Link header; the 429 was tried again.
      expect(fixture.requests).toContain("/api/v2/users?limit=2&page=2");
      expect(fixture.requests.filter((path) => path === "/api/v2/reactions")).toHaveLength(2);
    });

    it("keeps the tree, the members' roles and dates, and gives them no usable password", async () => {
      const db = target.context.db;
      const install = await db
        .selectFrom("categories")
        .selectAll()
        .where("urlcode", "=", "install")
        .executeTakeFirst();
      const help = await db
        .selectFrom("categories")
        .selectAll()
        .where("urlcode", "=", "help")
        .executeTakeFirst();
      expect(install).toMatchObject({
        parentCategoryID: help?.categoryID,
        depth: 2,
        displayAs: "discussions",
      });
      expect(help?.displayAs).toBe("categories");
      const members = await db
        .selectFrom("users")
        .select(["userID", "name", "password", "banned", "isAdmin", "dateInserted"])
        .where("name", "in", ["Ann", "Bob-2", "Cleo"])
        .orderBy("name")
        .execute();
      expect(members.map((member) => [member.name, member.banned, member.isAdmin])).toEqual([
        ["Ann", 0, 1],
        ["Bob-2", 0, 0],
        ["Cleo", 1, 0],
      ]);
      expect(members[0]?.dateInserted).toBe("2019-04-01T10:00:00.000Z");
      const bans = await db.selectFrom("userBans").select(["userID", "dateExpires"]).execute();
      expect(bans).toEqual([{ userID: members[2]?.userID, dateExpires: null }]);
      expect(members.every((member) => member.password === UNUSABLE_PASSWORD)).toBe(true);
      expect(await verifyPassword("", UNUSABLE_PASSWORD)).toBe(false);
      const roles = await db
        .selectFrom("userRoles")
        .innerJoin("roles", "roles.roleID", "userRoles.roleID")
        .innerJoin("users", "users.userID", "userRoles.userID")
        .select(["users.name as user", "roles.name as role"])
        .where("users.name", "in", ["Ann", "Bob-2", "Cleo"])
        .orderBy("users.name")
        .execute();
      expect(roles.map((row) => `${row.user}: ${row.role}`)).toEqual([
        "Ann: Administrator",
        "Bob-2: Member",
        "Cleo: Moderator",
      ]);
    });

    it("shows the imported discussion with its author, tag and comments, and never its script", async () => {
      const row = await target.context.db
        .selectFrom("discussions")
        .select(["discussionID", "bodyHtml"])
        .where("name", "=", "How do I install it?")
        .executeTakeFirstOrThrow();
      expect(row.bodyHtml).not.toContain("<script");
      const { client } = await signedInClient(target, { role: "Administrator" });
      const discussion = await client.get<Discussion>(
        `/api/v2/discussions/${row.discussionID}?expand=insertUser,tags`,
      );
      expect(discussion.body).toMatchObject({
        closed: true,
        pinned: true,
        pinLocation: "category",
        countViews: 42,
        countComments: 3,
        insertUser: { name: "Ann" },
        tags: [expect.objectContaining({ name: "Getting Started" })],
      });
      expect(discussion.body.dateInserted).toBe("2020-01-02T03:04:05+00:00");
      expect(discussion.body.body).toContain("world");
      expect(discussion.body.body).not.toContain("<script");
      const comments = await client.get<Comment[]>(`/api/v2/comments?discussionID=${row.discussionID}`);
      expect(comments.body.map((comment) => comment.insertUser?.name)).toEqual([
        PLACEHOLDER_MEMBER_NAME,
        "Bob-2",
        "Ann",
      ]);
      // The search index picked the imported posts up (the run told it through the neutral event).
      const found = await client.get<{ name: string }[]>("/api/v2/search?query=install");
      expect(found.body.map((result) => result.name)).toContain("How do I install it?");
      const liked = await client.get<Discussion>(`/api/v2/discussions/${row.discussionID}?expand=reactions`);
      expect(liked.body.reactions?.find((item) => item.urlcode === "Like")?.count).toBe(1);
    });

    it("copies members' photos and signatures and the comment a reply answers; asks only posts with reactions", async () => {
      const text = formatReport(report);
      // Ann's photo is stored here and served from this site; the others are reported, never fatal.
      expect(text).toContain("photos copied: 1");
      const ann = await photoOf(target, await localIDOf(target, "users", "1"));
      expect(ann).toMatchObject({ status: 200, type: "image/png" });
      expect(ann.photoUrl).toMatch(/\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);
      expect((await sharp(ann.bytes).metadata()).width).toBe(6);
      expect(text).toContain(
        `users 2: named "Bob-2" here (the source's "Bob" was taken or not allowed); photo not copied: the source answered HTTP 404 (${fixture.url}/uploads/userpics/bob-gone.png)`,
      );
      expect(text).toContain("users 3: photo not copied: not an image (text/html)");
      const cleo = await photoOf(target, await localIDOf(target, "users", "3"));
      expect(cleo.photoUrl.endsWith(DEFAULT_AVATAR_URL)).toBe(true);
      // The default avatar of a member without a photo is never fetched.
      expect(fixture.requests.filter((path) => path.startsWith("/uploads/")).sort()).toEqual([
        "/uploads/userpics/ann.png",
        "/uploads/userpics/bob-gone.png",
        "/uploads/userpics/cleo.png",
      ]);

      // Signatures show under their authors' posts, sanitised.
      const page = await discussionPage(target, await localIDOf(target, "discussions", "10"));
      expect(page.status).toBe(200);
      const replyID = await localIDOf(target, "comments", "104");
      const answeredID = await localIDOf(target, "comments", "101");
      expect(page.articleOf(`Comment_${replyID}`)).toMatch(/class="signature[^"]*">.*site admin/s);
      expect(page.articleOf(`Comment_${answeredID}`)).toMatch(
        /class="signature[^"]*">.*Bob from the lounge/s,
      );

      // The reply sits under the comment it answers.
      expect(await commentOf(target, replyID)).toMatchObject({ parentCommentID: answeredID, depth: 2 });
      expect(await commentOf(target, answeredID)).toMatchObject({ depth: 1 });

      // Reactions: asked for discussion 10 (listed with some) and 12 (listed without counts), no other post.
      const asked = fixture.requests.filter((path) => /\/(discussion|comment)s\/\d+\/reactions/.test(path));
      expect(asked.map((path) => path.split("?")[0])).toEqual([
        "/api/v2/discussions/10/reactions",
        "/api/v2/discussions/12/reactions",
      ]);
      expect(text).toContain("reaction requests saved: 6 of 8 (posts listed without reactions)");
    });

    it("keeps a category with its own permissions staff-only, reading the roles once", async () => {
      const access = await categoryAccess(target, "staff-room");
      expect(access).toMatchObject({ guest: HIDDEN, member: HIDDEN, moderator: 200 });
      expect(await categoryAccess(target, "lounge")).toMatchObject({
        guest: 200,
        member: 200,
        moderator: 200,
      });
      expect(fixture.requests.filter((path) => path.startsWith("/api/v2/roles"))).toEqual([
        "/api/v2/roles?expand=permissions&limit=500",
      ]);
      expect(formatReport(report)).not.toContain("permissions unreadable");
    });

    it("imports a category whose permissions the token may not read for staff only, and says so", async () => {
      const refusing = await startVanillaFixture({ rolesStatus: 403 });
      const app = await createTestApp(dialect, serverApplications);
      try {
        const source = () =>
          vanillaSource({ url: refusing.url, token: FIXTURE_TOKEN, sleep: () => Promise.resolve() });
        const restricted = await runImport(app.context, source(), { io: quietIO() });
        expect(formatReport(restricted)).toContain(
          "categories 5: permissions unreadable at the source: staff only until you set them",
        );
        const access = await categoryAccess(app, "staff-room");
        expect(access).toMatchObject({ guest: HIDDEN, member: HIDDEN, moderator: 200 });
        const admin = (await signedInClient(app, { role: "Administrator" })).client;
        expect(await categoryAccess(app, "lounge")).toMatchObject({ guest: 200, member: 200 });
        const staff = await app.context.db
          .selectFrom("categories")
          .select(["categoryID", "customPermissions"])
          .where("urlcode", "=", "staff-room")
          .executeTakeFirstOrThrow();
        expect(staff.customPermissions).toBe(1);
        expect((await admin.get(`/api/v2/categories/${staff.categoryID}`)).status).toBe(200);
        // A second run changes nothing, the category's grants, photos and their files included.
        const unchanged = await snapshot(app);
        const grants = await app.context.db.selectFrom("rolePermissions").selectAll().execute();
        const photosAsked = refusing.requests.filter((path) => path.startsWith("/uploads/")).length;
        await runImport(app.context, source(), { io: quietIO() });
        expect(await snapshot(app)).toBe(unchanged);
        expect(await app.context.db.selectFrom("rolePermissions").selectAll().execute()).toEqual(grants);
        // No photo downloaded (or stored) again; the one stored is still served.
        expect(refusing.requests.filter((path) => path.startsWith("/uploads/"))).toHaveLength(photosAsked);
        expect(await photoOf(app, await localIDOf(app, "users", "1"))).toMatchObject({ status: 200 });
      } finally {
        await app.close();
        await refusing.close();
      }
    });

    it("names the token when the site refuses it", async () => {
      const io = quietIO();
      const run = runImport(
        target.context,
        vanillaSource({ url: fixture.url, token: "wrong", sleep: () => Promise.resolve() }),
        { io },
      );
      await expect(run).rejects.toThrow(/refused the API token \(HTTP 401/);
    });
  });

  describe("from a second site of this platform with its demo community", () => {
    let source: TestApp;
    let sourceUrl: string;
    let token: string;

    beforeAll(async () => {
      source = await createTestApp(dialect, serverApplications);
      await seedDemoIfEmpty(source.context);
      const db = source.context.db;
      const users = await db.selectFrom("users").select(["userID", "name"]).orderBy("userID").execute();
      // An administrator's token, as the source site's operator makes one for the import.
      const tokenCommand = importersApplication.commands?.["importers:token"];
      await expect(tokenCommand?.run(source.context, quietIO(), ["--name", "Maya Chen"])).rejects.toThrow(
        "Maya Chen is not an administrator",
      );
      const made = quietIO();
      expect(await tokenCommand?.run(source.context, made, ["--name", "admin", "--days", "1"])).toBe(0);
      token = made.lines.out[0] ?? "";
      // The demo has no tags or reactions: give it some, so both are copied too.
      const discussions = await db
        .selectFrom("discussions")
        .select("discussionID")
        .orderBy("discussionID")
        .execute();
      const comment = await db
        .selectFrom("comments")
        .select("commentID")
        .orderBy("commentID")
        .executeTakeFirstOrThrow();
      for (const name of ["install", "ideas"]) {
        const { tagID } = await db
          .insertInto("tags")
          .values({ name, urlcode: name, parentTagID: null, insertUserID: 0, dateInserted: nowIso() })
          .returning("tagID")
          .executeTakeFirstOrThrow();
        await db
          .insertInto("tagDiscussions")
          .values(
            discussions
              .slice(0, 3)
              .map(({ discussionID }) => ({ tagID, discussionID, dateInserted: nowIso() })),
          )
          .execute();
      }
      const types = await db.selectFrom("reactionTypes").select(["tagID", "urlcode"]).execute();
      const like = types.find((type) => type.urlcode === "Like")?.tagID ?? 0;
      const up = types.find((type) => type.urlcode === "Up")?.tagID ?? 0;
      const reactions = users.slice(1).flatMap((user, index) => [
        {
          recordType: "discussion",
          recordID: discussions[index]?.discussionID ?? 0,
          userID: user.userID,
          tagID: like,
        },
        { recordType: "comment", recordID: comment.commentID, userID: user.userID, tagID: up },
      ]);
      await db
        .insertInto("reactions")
        .values(reactions.map((reaction) => ({ ...reaction, dateInserted: nowIso() })))
        .execute();
      await recountCounters(source.context);
      // Announcements is for staff there: no grant for members and guests in it (the dashboard's way).
      const admin = (await signedInClient(source, { role: "Administrator" })).client;
      const announcements = await db
        .selectFrom("categories")
        .select("categoryID")
        .where("urlcode", "=", "announcements")
        .executeTakeFirstOrThrow();
      const staffOnly = await admin.patch(`/api/v2/categories/${announcements.categoryID}`, {
        customPermissions: true,
        permissions: await Promise.all(
          (["Guest", "Member", "Applicant", "Unconfirmed"] as const).map(async (role) => ({
            roleID: await roleIDByName(source.context, role),
            permissions: {},
          })),
        ),
      });
      expect(staffOnly.status).toBe(200);
      expect(await categoryAccess(source, "announcements")).toMatchObject({ member: HIDDEN, moderator: 200 });
      await source.app.listen({ port: 0, host: "127.0.0.1" });
      sourceUrl = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await source.close();
    });

    it("copies it with equal counts; a second run changes nothing; a stopped run resumes without duplicates", async () => {
      const expected = await counts(source);
      expect(expected.tags).toBe(2);
      expect(expected.reactions).toBe(8);

      const target = await createTestApp(dialect, serverApplications);
      const resumed = await createTestApp(dialect, serverApplications);
      try {
        const before = await counts(target);
        const io = quietIO();
        const command = importersApplication.commands?.import;
        const args = ["vanilla", "--from", sourceUrl, "--token", token];
        expect(await command?.run(target.context, io, args)).toBe(0);
        expect(io.lines.out.join("\n")).toContain(`Import from vanilla ${sourceUrl} done.`);
        expect(io.lines.err.join("\n")).toMatch(/discussions +15\/15 ▇+ 100%/);
        // This platform's listings count each post's reactions: only the posts with some were asked about.
        const saved = /reaction requests saved: (\d+) of (\d+)/.exec(io.lines.out.join("\n"));
        expect(Number(saved?.[1])).toBeGreaterThan(0);
        expect(Number(saved?.[1])).toBeLessThan(Number(saved?.[2]));
        const after = await counts(target);
        for (const table of IMPORTED_TABLES)
          expect([table, after[table] - before[table]]).toEqual([table, expected[table]]);

        const unchanged = await snapshot(target);
        const again = quietIO();
        expect(await command?.run(target.context, again, args)).toBe(0);
        expect(again.lines.out.join("\n")).toMatch(/discussions +0 +15 +0/);
        expect(await snapshot(target)).toBe(unchanged);

        // Staff-only there, staff-only here: hidden from members and guests, its discussions off their list.
        const announcements = await categoryAccess(target, "announcements");
        expect(announcements).toMatchObject({
          guest: HIDDEN,
          member: HIDDEN,
          moderator: 200,
          listedToMember: 0,
        });
        expect(announcements.discussionsInside).toBeGreaterThan(0);
        expect(await categoryAccess(target, "general")).toMatchObject({ guest: 200, member: 200 });

        // The imported discussions read back through the API with their author and comments.
        const { client } = await signedInClient(target, { role: "Administrator" });
        const list = await client.get<Discussion[]>("/api/v2/discussions?expand=insertUser&limit=100");
        expect(list.body).toHaveLength(15);
        const busiest = [...list.body].sort((a, b) => b.countComments - a.countComments)[0];
        const thread = await client.get<Comment[]>(
          `/api/v2/comments?discussionID=${busiest?.discussionID ?? 0}`,
        );
        expect(thread.body).toHaveLength(busiest?.countComments ?? -1);
        expect(list.body.every((discussion) => discussion.insertUser?.name !== undefined)).toBe(true);

        // Stopped after 30 records, then run again: the same counts, each record once.
        const controller = new AbortController();
        const stopped = await runImport(
          resumed.context,
          abortingAfter(vanillaSource({ url: sourceUrl, token }), 30, controller),
          { io: quietIO(), signal: controller.signal, batchSize: 4 },
        );
        expect(stopped.interrupted).toBe(true);
        const partial = createdTotal(stopped);
        expect(partial).toBeGreaterThan(0);
        // It stops at the end of the batch it was writing (batches of 4), long before the end.
        expect(partial).toBeLessThanOrEqual(30 + 4);
        expect(partial).toBeLessThan(Object.values(expected).reduce((sum, count) => sum + count, 0) - 20);
        expect(await countOf(resumed, "importMap")).toBe(partial);
        const rest = await runImport(resumed.context, vanillaSource({ url: sourceUrl, token }), {
          io: quietIO(),
        });
        expect(rest.interrupted).toBe(false);
        expect(IMPORT_KINDS.reduce((sum, kind) => sum + rest.totals[kind].alreadyHere, 0)).toBe(partial);
        expect(await counts(resumed)).toEqual(after);
      } finally {
        await target.close();
        await resumed.close();
      }
    });
  });
});

describe("the import report", () => {
  it("lists at most 50 skipped records, then says how many more", () => {
    const report = emptyReport("vanilla https://old.example");
    for (let index = 1; index <= 53; index += 1)
      report.skipped.push({
        kind: "comments",
        foreignID: String(index),
        reason: "its discussion 9 was not imported",
      });
    const text = formatReport(report);
    expect(text).toContain("Skipped (53):");
    expect(text).toContain("  comments 50: its discussion 9 was not imported");
    expect(text).not.toContain("comments 51:");
    expect(text).toContain("  and 3 more");
    expect(progressLine("discussions", 1234, 5000)).toBe("discussions  1,234/5,000 ▇▇▇▇▇▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁ 24%");
  });
});
