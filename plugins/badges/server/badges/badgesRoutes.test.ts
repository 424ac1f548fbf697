import type { Addon } from "@forum/api/addons";
import type { DashboardSection } from "@forum/api/dashboard";
import type { Notification } from "@forum/api/notifications";
import type { User } from "@forum/api/users";
import { serverApplications } from "@applications/serverApplications";
import { sessionClient, type TestUser } from "@library/server/testing/factories";
import {
  createTestApp,
  dialectsAmong,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import type { Badge, BadgeRecipient, LeaderboardEntry, UserBadge } from "../../api/badgesApi";
import { makeTestCategory, postComment, postDiscussion } from "../testing/badgesTesting";
import "../tables";

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

describe.each(testDialects)("badges (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let memberUser: TestUser;
  let fan: TestClient;
  let fan2: TestClient;
  let oldTimer: TestUser;
  let categoryID: number;

  const badgesOf = async (userID: number) => {
    const response = await testApp.guest().get<UserBadge[]>(`/api/v2/badges/user/${userID}`);
    if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
    return response.body.map((held) => held.badge.slug);
  };
  const badgeNotifications = async (client: TestClient) =>
    (await client.get<Notification[]>("/api/v2/notifications")).body.filter(
      (notification) => notification.activityType === "Badge",
    );
  const pointsOf = async (userID: number) =>
    (
      await testApp.context.db
        .selectFrom("users")
        .select("points")
        .where("userID", "=", userID)
        .executeTakeFirstOrThrow()
    ).points;
  const awardRows = async () =>
    (await testApp.context.db.selectFrom("userBadges").selectAll().execute()).length;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    moderator = (await sessionClient(testApp, { role: "Moderator" })).client;
    ({ client: member, user: memberUser } = await sessionClient(testApp));
    fan = (await sessionClient(testApp)).client;
    fan2 = (await sessionClient(testApp)).client;
    ({ user: oldTimer } = await sessionClient(testApp));
    await testApp.context.db
      .updateTable("users")
      .set({ dateInserted: new Date(Date.now() - 2 * YEAR_MS).toISOString() })
      .where("userID", "=", oldTimer.userID)
      .execute();
    categoryID = await makeTestCategory(admin, "Badges talk");
  });
  afterAll(() => testApp.close());

  it("is off by default; once enabled it lists the default badges to anyone", async () => {
    expect((await admin.get<Addon>("/api/v2/addons/badges")).body).toMatchObject({ enabled: false });
    expect((await testApp.guest().get("/api/v2/badges")).status).toBe(404);
    expect((await admin.patch("/api/v2/addons/badges", { enabled: true })).status).toBe(200);
    const list = await testApp.guest().get<Badge[]>("/api/v2/badges");
    expect(list.status).toBe(200);
    expect(list.body.map((badge) => badge.slug)).toEqual(
      expect.arrayContaining([
        "first-post",
        "10-comments",
        "100-comments",
        "1000-comments",
        "10-reactions",
        "1-year",
      ]),
    );
  });

  it("awards the anniversary badge by the daily job to members who joined a year ago", async () => {
    expect(await badgesOf(oldTimer.userID)).toEqual(["1-year"]);
    expect(await badgesOf(memberUser.userID)).toEqual([]);
  });

  it("awards First Post once, with a notification once and its points", async () => {
    const first = await postDiscussion(member, categoryID, "Hello everyone");
    expect(first.status).toBe(201);
    expect(await badgesOf(memberUser.userID)).toEqual(["first-post"]);
    expect((await postComment(member, first.body.discussionID, "And a comment")).status).toBe(201);
    expect(await badgesOf(memberUser.userID)).toEqual(["first-post"]);
    const notifications = await badgeNotifications(member);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      url: expect.stringMatching(/\/badges\/first-post$/),
      body: "You earned the <b>First Post</b> badge.",
    });
    expect(await pointsOf(memberUser.userID)).toBe(1);
  });

  it("lets only site managers define badges, answering 422 for bad input and changing nothing when refused", async () => {
    const body = {
      name: "Well Liked",
      description: "Two positive reactions.",
      type: "reactions",
      threshold: 2,
      points: 3,
    };
    const before = (await testApp.guest().get<Badge[]>("/api/v2/badges")).body.length;
    expect((await testApp.guest().post("/api/v2/badges", body)).status).toBe(403);
    expect((await member.post("/api/v2/badges", body)).status).toBe(403);
    expect((await moderator.post("/api/v2/badges", body)).status).toBe(403);
    const noThreshold = await admin.post<{ errors: { field: string }[] }>("/api/v2/badges", {
      ...body,
      threshold: null,
    });
    expect(noThreshold.status).toBe(422);
    expect(noThreshold.body.errors.map((error) => error.field)).toContain("threshold");
    expect((await admin.post("/api/v2/badges", { ...body, type: "sometimes" })).status).toBe(422);
    const taken = await admin.post<{ errors: { field: string }[] }>("/api/v2/badges", {
      ...body,
      slug: "first-post",
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.map((error) => error.field)).toEqual(["slug"]);
    expect((await testApp.guest().get<Badge[]>("/api/v2/badges")).body).toHaveLength(before);
    const created = await admin.post<Badge>("/api/v2/badges", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "well-liked",
      type: "reactions",
      threshold: 2,
      points: 3,
      url: expect.stringMatching(/\/badges\/well-liked$/),
    });
  });

  it("awards a reactions badge when the member has received enough; reactions and badges give points", async () => {
    const posted = await postDiscussion(member, categoryID, "Worth reacting to", "Reactable");
    const path = `/api/v2/discussions/${posted.body.discussionID}/reactions`;
    expect((await fan.post(path, { reactionType: "Like" })).status).toBeLessThan(300);
    expect(await badgesOf(memberUser.userID)).not.toContain("well-liked");
    expect((await fan2.post(path, { reactionType: "Like" })).status).toBeLessThan(300);
    expect(await badgesOf(memberUser.userID)).toContain("well-liked");
    // First Post 1 + two Likes 2 + Well Liked 3.
    expect(await pointsOf(memberUser.userID)).toBe(6);
    const board = await testApp.guest().get<LeaderboardEntry[]>("/api/v2/badges/leaderboard?limit=3");
    expect(board.body[0]).toMatchObject({ user: { userID: memberUser.userID }, points: 6 });
  });

  it("reads, edits and deletes badges; unknown ones are 404", async () => {
    const badges = (await testApp.guest().get<Badge[]>("/api/v2/badges")).body;
    const wellLiked = badges.find((badge) => badge.slug === "well-liked");
    if (!wellLiked) throw new Error("Well Liked is missing.");
    expect(
      (await testApp.guest().get<Badge>(`/api/v2/badges/${wellLiked.badgeID}`)).body.countRecipients,
    ).toBe(1);
    expect((await testApp.guest().get("/api/v2/badges/99999")).status).toBe(404);
    expect((await member.patch(`/api/v2/badges/${wellLiked.badgeID}`, { points: 100 })).status).toBe(403);
    expect((await admin.patch("/api/v2/badges/99999", { points: 1 })).status).toBe(404);
    const patched = await admin.patch<Badge>(`/api/v2/badges/${wellLiked.badgeID}`, { points: 5 });
    expect(patched.body.points).toBe(5);
    expect(await pointsOf(memberUser.userID)).toBe(8);
    expect((await member.delete(`/api/v2/badges/${wellLiked.badgeID}`)).status).toBe(403);
    expect((await admin.delete(`/api/v2/badges/${wellLiked.badgeID}`)).status).toBe(204);
    expect((await admin.delete(`/api/v2/badges/${wellLiked.badgeID}`)).status).toBe(404);
    expect(await pointsOf(memberUser.userID)).toBe(3);
    expect(await badgesOf(memberUser.userID)).toEqual(["first-post"]);
  });

  it("lets moderators award a manual badge exactly once and take it back", async () => {
    const helpful = await admin.post<Badge>("/api/v2/badges", {
      name: "Helpful",
      description: "Helped another member.",
      type: "manual",
      points: 4,
    });
    const path = `/api/v2/badges/${helpful.body.badgeID}/recipients`;
    const before = await awardRows();
    expect((await member.post(path, { userID: memberUser.userID })).status).toBe(403);
    expect((await testApp.guest().post(path, { userID: memberUser.userID })).status).toBe(403);
    expect((await moderator.post(path, { userID: 99999 })).status).toBe(404);
    expect((await moderator.post(path, { userID: "nobody" })).status).toBe(422);
    expect(await awardRows()).toBe(before);
    const awarded = await moderator.post<UserBadge[]>(path, {
      userID: memberUser.userID,
      reason: "Answered my question",
    });
    expect(awarded.status).toBe(201);
    expect(awarded.body.find((held) => held.badge.slug === "helpful")).toMatchObject({
      reason: "Answered my question",
    });
    const again = await moderator.post<{ message: string }>(path, { userID: memberUser.userID });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This member already has this badge.");
    expect(await awardRows()).toBe(before + 1);
    expect((await badgeNotifications(member)).map((notification) => notification.url)).toContainEqual(
      expect.stringMatching(/\/badges\/helpful$/),
    );
    expect(await pointsOf(memberUser.userID)).toBe(7);
    const recipients = await testApp.guest().get<BadgeRecipient[]>(path);
    expect(recipients.body.map((recipient) => recipient.user.userID)).toEqual([memberUser.userID]);
    expect((await member.delete(`${path}/${memberUser.userID}`)).status).toBe(403);
    expect((await moderator.delete(`${path}/${memberUser.userID}`)).status).toBe(204);
    expect((await moderator.delete(`${path}/${memberUser.userID}`)).status).toBe(404);
    expect(await pointsOf(memberUser.userID)).toBe(3);
  });

  it("shows badge pages, badges on profiles and the leaderboard on the home page", async () => {
    const list = await testApp.guest().get("/badges");
    expect(list.status).toBe(200);
    expect(list.text).toContain('href="/badges/first-post"');
    const page = await testApp.guest().get("/badges/first-post");
    expect(page.status).toBe(200);
    expect(page.text).toContain(memberUser.name);
    expect((await testApp.guest().get("/badges/no-such-badge")).status).toBe(404);
    const profile = await testApp.guest().get(`/profile/${encodeURIComponent(memberUser.name)}`);
    expect(profile.text).toContain('id="profileBadges-title"');
    expect(profile.text).toContain("First Post");
    const home = await testApp.guest().get("/");
    expect(home.text).toContain('id="badgesLeaderboard-title"');
    expect(home.text).toContain(memberUser.name);
  });

  it("offers site managers a dashboard section, Badges, and only them", async () => {
    const sections = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(sections.body).toContainEqual({
      key: "badges",
      path: "badges",
      label: "Badges",
      group: "Members",
      component: "BadgesSection",
    });
    expect((await moderator.get("/dashboard/badges")).status).toBe(403);
    expect((await admin.get("/dashboard/badges")).status).toBe(200);
  });

  it("disabled: routes and pages 404, widgets gone, awards kept; re-enabled: all back", async () => {
    const rows = await awardRows();
    expect((await admin.patch("/api/v2/addons/badges", { enabled: false })).status).toBe(200);
    const sections = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(sections.body.map((section) => section.key)).not.toContain("badges");
    expect((await testApp.guest().get("/api/v2/badges")).status).toBe(404);
    expect((await testApp.guest().get("/badges")).status).toBe(404);
    expect((await testApp.guest().get(`/profile/${encodeURIComponent(memberUser.name)}`)).text).not.toContain(
      "profileBadges-title",
    );
    expect((await testApp.guest().get("/")).text).not.toContain("badgesLeaderboard-title");
    expect(await awardRows()).toBe(rows);
    expect((await admin.patch("/api/v2/addons/badges", { enabled: true })).status).toBe(200);
    expect(await badgesOf(memberUser.userID)).toEqual(["first-post"]);
    const user = await fan.get<User>(`/api/v2/users/${memberUser.userID}`);
    expect(user.body.points).toBe(3);
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`badges under concurrency (${dialect})`, () => {
    let testApp: TestApp;
    afterAll(() => testApp.close());

    it("two moderators awarding the same badge at once store one award, one notification and its points once", async () => {
      testApp = await createTestApp(dialect, serverApplications);
      const admin = (await sessionClient(testApp, { role: "Administrator" })).client;
      const first = (await sessionClient(testApp, { role: "Moderator" })).client;
      const second = (await sessionClient(testApp, { role: "Moderator" })).client;
      const { user } = await sessionClient(testApp);
      await admin.patch("/api/v2/addons/badges", { enabled: true });
      const badge = await admin.post<Badge>("/api/v2/badges", {
        name: "Star",
        description: "A star.",
        type: "manual",
        points: 2,
      });
      const path = `/api/v2/badges/${badge.body.badgeID}/recipients`;
      const results = await Promise.all([
        first.post(path, { userID: user.userID }),
        second.post(path, { userID: user.userID }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
      const awards = await testApp.context.db
        .selectFrom("userBadges")
        .selectAll()
        .where("badgeID", "=", badge.body.badgeID)
        .execute();
      expect(awards).toHaveLength(1);
      const row = await testApp.context.db
        .selectFrom("users")
        .select("points")
        .where("userID", "=", user.userID)
        .executeTakeFirstOrThrow();
      expect(row.points).toBe(2);
      const notes = await testApp.context.db
        .selectFrom("notifications")
        .select("notificationID")
        .where("userID", "=", user.userID)
        .execute();
      expect(notes).toHaveLength(1);
    });
  });
