import type { DashboardSection } from "@forum/api/dashboard";
import type { User } from "@forum/api/users";
import { serverApplications } from "@applications/serverApplications";
import { sessionClient, type TestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { Rank, UserRank } from "../../api/ranksApi";
import { makeTestCategory, postComment, postDiscussion } from "../testing/ranksTesting";
import "../tables";

describe.each(testDialects)("ranks (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let memberUser: TestUser;
  let other: TestClient;
  let categoryID: number;
  let regular: Rank;

  const rankCount = async () =>
    (await testApp.context.db.selectFrom("ranks").select("rankID").execute()).length;
  const rankOf = async (userID: number) => {
    const response = await testApp.guest().get<UserRank>(`/api/v2/ranks/user/${userID}`);
    if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
    return response.body;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    moderator = (await sessionClient(testApp, { role: "Moderator" })).client;
    ({ client: member, user: memberUser } = await sessionClient(testApp));
    other = (await sessionClient(testApp)).client;
    categoryID = await makeTestCategory(admin, "Ranks talk");
  });
  afterAll(() => testApp.close());

  it("runs by default with no ranks: anyone reads the empty list", async () => {
    const response = await testApp.guest().get<Rank[]>("/api/v2/ranks");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("lets only site managers define ranks; refused writes change nothing", async () => {
    const body = { name: "Regular", label: "Regular", level: 1, criteria: { posts: 2 } };
    expect((await testApp.guest().post("/api/v2/ranks", body)).status).toBe(403);
    expect((await member.post("/api/v2/ranks", body)).status).toBe(403);
    expect((await moderator.post("/api/v2/ranks", body)).status).toBe(403);
    expect(await rankCount()).toBe(0);
    const created = await admin.post<Rank>("/api/v2/ranks", {
      ...body,
      labelHtml: '<b>Regular</b><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    expect(created.status).toBe(201);
    regular = created.body;
    expect(regular).toMatchObject({ name: "Regular", level: 1, manual: false, criteria: { posts: 2 } });
    expect(regular.labelHtml).toContain("<b>Regular</b>");
    expect(regular.labelHtml).not.toMatch(/script|onerror/);
  });

  it("answers 422 with field errors for bad input and duplicates, writing nothing", async () => {
    const missing = await admin.post<{ errors: { field: string }[] }>("/api/v2/ranks", {
      label: "X",
      level: 0,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error) => error.field)).toEqual(
      expect.arrayContaining(["name", "level"]),
    );
    const duplicate = await admin.post<{ errors: { field: string; message: string }[] }>("/api/v2/ranks", {
      name: "Regular",
      label: "Again",
      level: 1,
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "name", message: "Another rank has this name." }),
        expect.objectContaining({ field: "level", message: "Another rank has this level." }),
      ]),
    );
    const badRole = await admin.post("/api/v2/ranks", {
      name: "Ghost",
      label: "G",
      level: 9,
      criteria: { roleID: 9999 },
    });
    expect(badRole.status).toBe(422);
    expect(await rankCount()).toBe(1);
  });

  it("gives a member the rank they earn by posting, with its label on their posts, profile and card", async () => {
    const discussion = await postDiscussion(member, categoryID, "My first post");
    expect(discussion.status).toBe(201);
    expect((await rankOf(memberUser.userID)).rank).toBeNull();
    // Read before the rank: the page shows no label (and that is what the server keeps of them, for now).
    const before = await testApp.guest().get(`/discussion/${discussion.body.discussionID}`);
    expect(before.text).not.toContain('class="post-authorLabel"');
    expect((await postComment(member, discussion.body.discussionID, "And a reply")).status).toBe(201);
    expect(await rankOf(memberUser.userID)).toMatchObject({ rank: { name: "Regular" }, manual: false });

    const user = await other.get<User & { rank?: { name: string } }>(`/api/v2/users/${memberUser.userID}`);
    expect(user.body).toMatchObject({ label: "Regular", rank: { rankID: regular.rankID, name: "Regular" } });
    expect(user.body.labelHtml).toContain("<b>Regular</b>");
    const page = await testApp.guest().get(`/discussion/${discussion.body.discussionID}`);
    expect(page.text).toContain('<span class="post-authorLabel"><b>Regular</b>');
    const profile = await testApp.guest().get(`/profile/${encodeURIComponent(memberUser.name)}`);
    expect(profile.text).toContain("<b>Regular</b>");
  });

  it("ranks by points: reactions the member receives count", async () => {
    const byPoints = await admin.post<Rank>("/api/v2/ranks", {
      name: "Liked",
      label: "Liked",
      level: 2,
      criteria: { points: 1 },
    });
    expect(byPoints.status).toBe(201);
    const posted = await postDiscussion(member, categoryID, "Worth a like", "Likeable");
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Regular");
    const reacted = await other.post(`/api/v2/discussions/${posted.body.discussionID}/reactions`, {
      reactionType: "Like",
    });
    expect(reacted.status).toBeLessThan(300);
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Liked");
  });

  it("refuses links from members below the rank that allows them (422), but not from staff", async () => {
    const linker = await admin.post<Rank>("/api/v2/ranks", {
      name: "Trusted",
      label: "Trusted",
      level: 3,
      criteria: { posts: 5 },
      abilities: { links: true },
    });
    expect(linker.status).toBe(201);
    const discussions = async () =>
      (await testApp.context.db.selectFrom("discussions").select("discussionID").execute()).length;
    const refusedTarget = (await postDiscussion(moderator, categoryID, "Staff thread")).body.discussionID;
    const before = await discussions();
    const refused = await postDiscussion(member, categoryID, "See [my site](https://example.com/page)");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: [
        expect.objectContaining({
          field: "body",
          message: "You need the rank Trusted or higher to post links.",
        }),
      ],
    });
    const bare = await postComment(member, refusedTarget, "Read www.example.com/page today");
    expect(bare.status).toBe(422);
    expect(await discussions()).toBe(before);
    expect((await postDiscussion(member, categoryID, "A post about [our profile](/profile)")).status).toBe(
      201,
    );
    expect((await postDiscussion(moderator, categoryID, "Read https://example.com/rules")).status).toBe(201);
    // The fifth post earns Trusted: links are allowed from then on.
    expect((await postDiscussion(member, categoryID, "Fifth post")).status).toBe(201);
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Trusted");
    expect((await postDiscussion(member, categoryID, "See [my site](https://example.com/page)")).status).toBe(
      201,
    );
  });

  it("lets moderators give a rank by hand (it stays) and take it back", async () => {
    const leader = await admin.post<Rank>("/api/v2/ranks", {
      name: "Leader",
      label: "Leader",
      level: 10,
      manual: true,
    });
    expect(leader.status).toBe(201);
    const path = `/api/v2/ranks/user/${memberUser.userID}`;
    expect((await member.put(path, { rankID: leader.body.rankID })).status).toBe(403);
    expect((await testApp.guest().put(path, { rankID: leader.body.rankID })).status).toBe(403);
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Trusted");
    expect((await moderator.put(path, { rankID: 99999 })).status).toBe(422);
    const given = await moderator.put<UserRank>(path, { rankID: leader.body.rankID });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ rank: { name: "Leader" }, manual: true });
    await postComment(
      member,
      (await postDiscussion(member, categoryID, "Still posting")).body.discussionID,
      "More",
    );
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Leader");
    const taken = await moderator.put<UserRank>(path, { rankID: null });
    expect(taken.status).toBe(200);
    expect((await rankOf(memberUser.userID)).rank?.name).toBe("Trusted");
    expect((await moderator.put("/api/v2/ranks/user/99999", { rankID: null })).status).toBe(404);
  });

  it("edits and deletes ranks (site managers only); unknown ranks are 404", async () => {
    expect((await member.patch(`/api/v2/ranks/${regular.rankID}`, { label: "Hacked" })).status).toBe(403);
    expect((await admin.patch("/api/v2/ranks/99999", { label: "Nobody" })).status).toBe(404);
    expect((await admin.patch(`/api/v2/ranks/${regular.rankID}`, {})).status).toBe(422);
    const patched = await admin.patch<Rank>(`/api/v2/ranks/${regular.rankID}`, { label: "Regular member" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: "Regular member", labelHtml: "Regular member" });
    expect((await member.delete(`/api/v2/ranks/${regular.rankID}`)).status).toBe(403);
    expect(await rankCount()).toBe(4);
    expect((await admin.delete(`/api/v2/ranks/${regular.rankID}`)).status).toBe(204);
    expect((await admin.delete(`/api/v2/ranks/${regular.rankID}`)).status).toBe(404);
    expect(await rankCount()).toBe(3);
  });

  it("offers site managers a dashboard section, Ranks, and only them", async () => {
    const sections = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(sections.body).toContainEqual({
      key: "ranks",
      path: "ranks",
      label: "Ranks",
      group: "Members",
      component: "RanksSection",
    });
    const forModerator = await moderator.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(forModerator.body.map((section) => section.key)).not.toContain("ranks");
    expect((await moderator.get("/dashboard/ranks")).status).toBe(403);
    expect((await admin.get("/dashboard/ranks")).status).toBe(200);
  });

  it("disabled: routes 404, labels and link limits gone, ranks kept; re-enabled: all back", async () => {
    expect((await admin.patch("/api/v2/addons/ranks", { enabled: false })).status).toBe(200);
    const sections = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(sections.body.map((section) => section.key)).not.toContain("ranks");
    expect((await admin.get("/dashboard/ranks")).status).toBe(404);
    expect((await testApp.guest().get("/api/v2/ranks")).status).toBe(404);
    const user = await other.get<User>(`/api/v2/users/${memberUser.userID}`);
    expect(user.body.label).toBeUndefined();
    expect(user.body).not.toHaveProperty("rank");
    const newcomer = (await sessionClient(testApp)).client;
    expect((await postDiscussion(newcomer, categoryID, "Link https://example.com")).status).toBe(201);
    expect(await rankCount()).toBe(3);
    expect((await admin.patch("/api/v2/addons/ranks", { enabled: true })).status).toBe(200);
    expect((await testApp.guest().get<Rank[]>("/api/v2/ranks")).body).toHaveLength(3);
    expect((await other.get<User>(`/api/v2/users/${memberUser.userID}`)).body.label).toBe("Trusted");
  });
});
