import type { Discussion } from "@forum/api/discussions";
import { parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { discussionCreateHooks } from "@library/server/addons/discussionCreateHooks";
import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { ValidationError } from "@library/server/errors/httpErrors";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql, type SqlBool } from "kysely";
import { forumApplication } from "../forumApplication";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";

/** Ids of the members the test add-on lets see discussions named "Inner …". */
const insiders = new Set<number>();
/** The `groupID` of each discussion the create hook saw. */
const seenGroups = new Map<number, number>();

const innerAddon = defineAddon({
  key: "inner",
  register(registrar) {
    registrar.extend((context, owner) => {
      discussionVisibility(context).add(async (_context, viewer) => {
        if (viewer.isAdmin) return null;
        const inside = insiders.has(viewer.userID);
        return {
          key: inside ? "inner" : "",
          visible: (discussionID) =>
            inside
              ? sql<SqlBool>`1 = 1`
              : sql<SqlBool>`NOT EXISTS (SELECT 1 FROM "discussions" AS "inner" WHERE "inner"."discussionID" = ${discussionID} AND "inner"."name" LIKE 'Inner%')`,
        };
      }, owner);
      discussionCreateHooks(context).add(async (_trx, created) => {
        const groupID = created.body.groupID;
        if (typeof groupID !== "number") return;
        if (groupID === 999) throw ValidationError.field("groupID", "No such group.", "invalid");
        seenGroups.set(created.discussionID, groupID);
      }, owner);
    });
  },
});

describe.each(testDialects)("discussion visibility rules of add-ons (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let insider: TestClient;
  let outsider: TestClient;
  let categoryID: number;
  let inner: Discussion;
  let open: Discussion;
  let innerCommentID: number;

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      [forumApplication],
      {},
      {
        addons: [
          {
            manifest: parseManifest({ key: "inner", name: "Inner", defaultEnabled: true }),
            load: () => innerAddon,
          },
        ],
      },
    );
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    const inside = await forumClient(testApp, { role: "Member" });
    insider = inside.client;
    insiders.add(inside.user.userID);
    outsider = (await forumClient(testApp, { role: "Member" })).client;
    categoryID = (await makeCategory(admin, { name: "Rooms" })).categoryID;
    open = await makeDiscussion(admin, categoryID, "Open talk");
    inner = await makeDiscussion(admin, categoryID, "Inner talk");
    await makeComment(admin, open.discussionID);
    innerCommentID = await makeComment(admin, inner.discussionID);
  });
  afterAll(() => testApp.close());

  const listedIDs = async (client: TestClient, query = "") => {
    const response = await client.get<Discussion[]>(`/api/v2/discussions${query}`);
    expect(response.status).toBe(200);
    return response.body.map((discussion) => discussion.discussionID);
  };

  it("keeps a hidden discussion out of the lists of those the rule hides it from", async () => {
    expect(await listedIDs(outsider)).toContain(open.discussionID);
    expect(await listedIDs(outsider)).not.toContain(inner.discussionID);
    expect(await listedIDs(outsider, `?categoryID=${categoryID}`)).not.toContain(inner.discussionID);
    expect(await listedIDs(outsider, `?insertUserID=${inner.insertUserID}`)).not.toContain(
      inner.discussionID,
    );
    expect(await listedIDs(testApp.guest())).not.toContain(inner.discussionID);
    expect(await listedIDs(insider)).toContain(inner.discussionID);
    expect(await listedIDs(admin)).toContain(inner.discussionID);
  });

  it("answers 404 for the hidden discussion and its comments", async () => {
    expect((await outsider.get(`/api/v2/discussions/${inner.discussionID}`)).status).toBe(404);
    expect((await outsider.get(`/api/v2/comments?discussionID=${inner.discussionID}`)).status).toBe(404);
    expect((await testApp.guest().get(`/api/v2/discussions/${inner.discussionID}`)).status).toBe(404);
    expect((await insider.get(`/api/v2/discussions/${inner.discussionID}`)).status).toBe(200);
    expect((await outsider.get(`/api/v2/discussions/${open.discussionID}`)).status).toBe(200);
  });

  it("leaves the hidden discussion's comments out of an author's comments and answers 404 for one", async () => {
    const authorComments = async (client: TestClient) =>
      (
        await client.get<{ commentID: number; discussionID: number }[]>(
          `/api/v2/comments?insertUserID=${inner.insertUserID}`,
        )
      ).body.map((comment) => comment.discussionID);
    expect(await authorComments(insider)).toEqual(
      expect.arrayContaining([inner.discussionID, open.discussionID]),
    );
    expect(await authorComments(outsider)).toEqual([open.discussionID]);
    expect((await outsider.get(`/api/v2/comments/${innerCommentID}`)).status).toBe(404);
    expect((await insider.get(`/api/v2/comments/${innerCommentID}`)).status).toBe(200);
  });

  it("never makes the hidden discussion a category's last post for those it is hidden from", async () => {
    const lastOf = async (client: TestClient) =>
      (
        await client.get<{ lastPost: { discussionID: number } | null }>(
          `/api/v2/categories/${categoryID}?expand=lastPost`,
        )
      ).body.lastPost?.discussionID;
    expect(await lastOf(insider)).toBe(inner.discussionID);
    expect(await lastOf(outsider)).toBe(open.discussionID);
    expect(await lastOf(testApp.guest())).toBe(open.discussionID);
  });

  it("runs create hooks inside the post's transaction: a refusal writes nothing", async () => {
    const before = await listedIDs(admin);
    const refused = await admin.post("/api/v2/discussions", {
      name: "Nowhere",
      body: "Hi",
      format: "markdown",
      categoryID,
      groupID: 999,
    });
    expect(refused.status).toBe(422);
    expect(await listedIDs(admin)).toEqual(before);
    const posted = await makeDiscussion(admin, categoryID, "Placed", { groupID: 7 });
    expect(seenGroups.get(posted.discussionID)).toBe(7);
  });

  it("skips create hooks while the add-on is off, and still hides what its rule hides", async () => {
    await testApp.context.addons.setEnabled("inner", false, null);
    try {
      const posted = await makeDiscussion(admin, categoryID, "Unplaced", { groupID: 999 });
      expect(seenGroups.has(posted.discussionID)).toBe(false);
      expect(await listedIDs(outsider)).not.toContain(inner.discussionID);
    } finally {
      await testApp.context.addons.setEnabled("inner", true, null);
    }
  });
});
