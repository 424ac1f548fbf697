import type { Category } from "@forum/api/categories";
import type { User } from "@forum/api/users";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  forumRowCount,
  makeCategory,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";

// A whole server per dialect: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

describe.each(testDialects)("muting and warning members on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  let target: SignedIn;
  let category: Category;
  let discussionID: number;

  const muteRow = (userID: number) =>
    testApp.context.db
      .selectFrom("userPostMutes")
      .selectAll()
      .where("userID", "=", userID)
      .executeTakeFirst();
  const postDiscussion = (signedIn: SignedIn) =>
    signedIn.client.post<{ message: string }>("/api/v2/discussions", {
      name: "Muted words",
      body: rich2("Muted words"),
      format: "rich2",
      categoryID: category.categoryID,
    });
  const postComment = (signedIn: SignedIn) =>
    signedIn.client.post<{ message: string }>("/api/v2/comments", {
      discussionID,
      body: rich2("A muted comment"),
      format: "rich2",
    });

  /**
   * The moderator's audit entries for a path. The entry is written once the answer has left (an onResponse hook),
   * so the test waits for it (at most 3 s) instead of racing it.
   */
  const audited = async (fragment: string) => {
    const read = async () =>
      (
        await testApp.context.db
          .selectFrom("auditLog")
          .select(["method", "status"])
          .where("userID", "=", moderator.user.userID)
          .where("path", "like", `%${fragment}%`)
          .execute()
      ).map((row) => [row.method, row.status]);
    const deadline = Date.now() + 3000;
    let rows = await read();
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await read();
    }
    return rows;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator", name: "MuteAdmin" });
    moderator = await forumClient(testApp, { role: "Moderator", name: "MuteModerator" });
    member = await forumClient(testApp, { name: "MuteBystander" });
    target = await forumClient(testApp, { name: "MuteTarget" });
    category = await makeCategory(admin.client, { name: "Mute Lounge" });
    discussionID = (await makeDiscussion(admin.client, category.categoryID, "Open thread")).discussionID;
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe("PUT /users/{id}/post-mute", () => {
    it("lets a moderator mute a member for a week unless told otherwise, shown to moderators only", async () => {
      const response = await moderator.client.put<{ muted: boolean; dateMutedUntil: string }>(
        `/api/v2/users/${target.user.userID}/post-mute`,
        { muted: true, reason: "Cooling off" },
      );
      expect(response.status).toBe(200);
      expect(response.body.muted).toBe(true);
      const days = (Date.parse(response.body.dateMutedUntil) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      expect(await muteRow(target.user.userID)).toMatchObject({
        reason: "Cooling off",
        insertUserID: moderator.user.userID,
      });
      expect(await audited("post-mute")).toContainEqual(["PUT", 200]);
      const seen = await moderator.client.get<User>(`/api/v2/users/${target.user.userID}`);
      expect(seen.body.dateMutedUntil).toBe(response.body.dateMutedUntil);
      expect(
        (await moderator.client.get<User>(`/api/v2/users/${member.user.userID}`)).body.dateMutedUntil,
      ).toBe(null);
      expect((await member.client.get<User>(`/api/v2/users/${target.user.userID}`)).body).not.toHaveProperty(
        "dateMutedUntil",
      );

      const three = await moderator.client.put<{ dateMutedUntil: string }>(
        `/api/v2/users/${target.user.userID}/post-mute`,
        { muted: true, days: 3 },
      );
      const shorter = (Date.parse(three.body.dateMutedUntil) - Date.now()) / 86_400_000;
      expect(shorter).toBeGreaterThan(2.99);
      expect(shorter).toBeLessThanOrEqual(3);

      const lifted = await moderator.client.put(`/api/v2/users/${target.user.userID}/post-mute`, {
        muted: false,
      });
      expect(lifted.body).toEqual({ muted: false, dateMutedUntil: null });
      expect(await muteRow(target.user.userID)).toBeUndefined();
    });

    it("refuses guests, members, self and administrators (403), and answers 404 and 422", async () => {
      const url = `/api/v2/users/${target.user.userID}/post-mute`;
      expect([401, 403]).toContain((await testApp.guest().put(url, { muted: true })).status);
      expect((await member.client.put(url, { muted: true })).status).toBe(403);
      expect(
        (await moderator.client.put(`/api/v2/users/${moderator.user.userID}/post-mute`, { muted: true }))
          .status,
      ).toBe(403);
      expect(
        (await moderator.client.put(`/api/v2/users/${admin.user.userID}/post-mute`, { muted: true })).status,
      ).toBe(403);
      expect(await muteRow(target.user.userID)).toBeUndefined();
      expect(await muteRow(admin.user.userID)).toBeUndefined();
      expect((await moderator.client.put("/api/v2/users/999999/post-mute", { muted: true })).status).toBe(
        404,
      );
      for (const [body, field] of [
        [{ muted: "maybe" }, "muted"],
        [{ muted: true, days: 0 }, "days"],
        [{ muted: true, days: 366 }, "days"],
        [{ muted: true, reason: "x".repeat(501) }, "reason"],
      ] as const) {
        const bad = await moderator.client.put(url, body);
        expect(bad.body).toMatchObject({ status: 422, errors: [{ field }] });
      }
      expect(await muteRow(target.user.userID)).toBeUndefined();
    });

    it("refuses a muted member's discussions and comments and writes nothing; posting works again once the mute ends", async () => {
      const muted = await moderator.client.put<{ dateMutedUntil: string }>(
        `/api/v2/users/${target.user.userID}/post-mute`,
        { muted: true, days: 2 },
      );
      expect(muted.status).toBe(200);
      const discussions = await forumRowCount(testApp.context, "discussions");
      const comments = await forumRowCount(testApp.context, "comments");

      const refusedDiscussion = await postDiscussion(target);
      expect(refusedDiscussion.status).toBe(403);
      expect(refusedDiscussion.body.message).toMatch(
        /^You can't post until [A-Z][a-z]+ \d{1,2}, \d{4} at .+ UTC\.$/,
      );
      const refusedComment = await postComment(target);
      expect(refusedComment.status).toBe(403);
      expect(refusedComment.body.message).toBe(refusedDiscussion.body.message);
      expect(await forumRowCount(testApp.context, "discussions")).toBe(discussions);
      expect(await forumRowCount(testApp.context, "comments")).toBe(comments);
      // Others still post.
      expect((await postComment(member)).status).toBe(201);

      // The end date passes: the mute ends by itself.
      await testApp.context.db
        .updateTable("userPostMutes")
        .set({ dateExpires: new Date(Date.now() - 60_000).toISOString() })
        .where("userID", "=", target.user.userID)
        .execute();
      expect((await postDiscussion(target)).status).toBe(201);
      expect((await postComment(target)).status).toBe(201);
      expect(
        (await moderator.client.get<User>(`/api/v2/users/${target.user.userID}`)).body.dateMutedUntil,
      ).toBe(null);
    });
  });

  describe("POST /users/{id}/warnings", () => {
    it("sends the member a notification that they were warned, with the reason", async () => {
      const response = await moderator.client.post(`/api/v2/users/${target.user.userID}/warnings`, {
        reason: "Please keep it civil.",
      });
      expect(response.status).toBe(201);
      expect(await audited("warnings")).toContainEqual(["POST", 201]);
      const notifications =
        await target.client.get<{ body: string; activityType: string }[]>("/api/v2/notifications");
      const warning = notifications.body.find((item) => item.activityType === "Warning");
      expect(warning?.body).toBe("You have been warned by a moderator: Please keep it civil.");
    });

    it("refuses guests, members, self and administrators (403), and answers 404 and 422", async () => {
      const url = `/api/v2/users/${target.user.userID}/warnings`;
      const warnings = () =>
        testApp.context.db
          .selectFrom("notifications")
          .select("notificationID")
          .where("activityType", "=", "Warning")
          .execute();
      const before = (await warnings()).length;
      expect([401, 403]).toContain((await testApp.guest().post(url, { reason: "No" })).status);
      expect((await member.client.post(url, { reason: "No" })).status).toBe(403);
      expect(
        (await moderator.client.post(`/api/v2/users/${moderator.user.userID}/warnings`, { reason: "No" }))
          .status,
      ).toBe(403);
      expect(
        (await moderator.client.post(`/api/v2/users/${admin.user.userID}/warnings`, { reason: "No" })).status,
      ).toBe(403);
      expect((await moderator.client.post("/api/v2/users/999999/warnings", { reason: "No" })).status).toBe(
        404,
      );
      for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(1001) }]) {
        const bad = await moderator.client.post(url, body);
        expect(bad.body).toMatchObject({ status: 422, errors: [{ field: "reason" }] });
      }
      expect((await warnings()).length).toBe(before);
    });
  });
});
