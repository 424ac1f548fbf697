import { serverApplications } from "@applications/serverApplications";
import { sessionClient, type TestUser } from "@library/server/testing/factories";
import {
  createTestApp,
  dialectsAmong,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import type { Group, GroupMember, Invitee } from "../../api/groupsApi";

interface Member {
  client: TestClient;
  user: TestUser;
}

interface ListedDiscussion {
  discussionID: number;
  groupID?: number;
}

async function rowCount(
  testApp: TestApp,
  table: "groups" | "groupInvitations" | "discussions",
): Promise<number> {
  const row = await testApp.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function rich2(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

async function makeGroup(client: TestClient, name: string, privacy: string): Promise<Group> {
  const response = await client.post<Group>("/api/v2/groups", {
    name,
    privacy,
    description: `About ${name}`,
  });
  if (response.status !== 201) throw new Error(`Group: ${response.status} ${response.text}`);
  return response.body;
}

describe.each(testDialects)("groups (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let moderator: TestClient;
  let leader: Member;
  let member: Member;
  let outsider: Member;
  let categoryID: number;

  const postIn = (client: TestClient, groupID: number | undefined, name: string) =>
    client.post<ListedDiscussion>("/api/v2/discussions", {
      name,
      body: rich2(`Body of ${name}`),
      format: "rich2",
      categoryID,
      ...(groupID !== undefined ? { groupID } : {}),
    });
  const listed = async (client: TestClient) => {
    const response = await client.get<ListedDiscussion[]>("/api/v2/discussions?limit=100");
    expect(response.status).toBe(200);
    return response.body.map((discussion) => discussion.discussionID);
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    moderator = (await sessionClient(testApp, { role: "Moderator" })).client;
    leader = await sessionClient(testApp);
    member = await sessionClient(testApp);
    outsider = await sessionClient(testApp);
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Clubs",
      urlcode: "clubs",
    });
    categoryID = category.body.categoryID;
  });
  afterAll(() => testApp.close());

  it("creates a group led by its creator; guests and bad input are refused and write nothing", async () => {
    const before = await rowCount(testApp, "groups");
    expect((await testApp.guest().post("/api/v2/groups", { name: "Guests", privacy: "public" })).status).toBe(
      403,
    );
    const bad = await leader.client.post("/api/v2/groups", { name: "", privacy: "hidden" });
    expect(bad.status).toBe(422);
    const group = await makeGroup(leader.client, "Hikers", "public");
    expect(group).toMatchObject({ privacy: "public", viewerStatus: "leader", countMembers: 1 });
    expect(new URL(group.url).pathname).toBe(`/groups/${group.groupID}-hikers`);
    const duplicate = await member.client.post<{ errors: { field: string }[] }>("/api/v2/groups", {
      name: "hikers",
      privacy: "public",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0]?.field).toBe("name");
    expect(await rowCount(testApp, "groups")).toBe(before + 1);
  });

  it("lets only leaders and moderators edit or delete a group", async () => {
    const group = await makeGroup(leader.client, "Editors", "public");
    expect((await member.client.patch(`/api/v2/groups/${group.groupID}`, { name: "Mine" })).status).toBe(403);
    expect((await member.client.delete(`/api/v2/groups/${group.groupID}`)).status).toBe(403);
    expect((await testApp.guest().get<Group>(`/api/v2/groups/${group.groupID}`)).body.name).toBe("Editors");
    const edited = await leader.client.patch<Group>(`/api/v2/groups/${group.groupID}`, {
      privacy: "private",
    });
    expect(edited.body.privacy).toBe("private");
    expect((await leader.client.patch(`/api/v2/groups/${group.groupID}`, {})).status).toBe(422);
    expect((await moderator.delete(`/api/v2/groups/${group.groupID}`)).status).toBe(204);
    expect((await leader.client.get(`/api/v2/groups/${group.groupID}`)).status).toBe(404);
  });

  it("joins a public group at once, asks a private group's leader, and keeps secret groups invisible", async () => {
    const open = await makeGroup(leader.client, "Open Circle", "public");
    const closed = await makeGroup(leader.client, "Closed Circle", "private");
    const secret = await makeGroup(leader.client, "Hidden Circle", "secret");

    expect((await member.client.post(`/api/v2/groups/${open.groupID}/join`)).body).toEqual({
      status: "member",
    });
    expect((await member.client.post(`/api/v2/groups/${closed.groupID}/join`)).body).toEqual({
      status: "requested",
    });
    expect((await member.client.get(`/api/v2/groups/${closed.groupID}/members`)).status).toBe(403);
    expect((await member.client.get(`/api/v2/groups/${closed.groupID}/requests`)).status).toBe(403);
    const requests = await leader.client.get<{ userID: number }[]>(
      `/api/v2/groups/${closed.groupID}/requests`,
    );
    expect(requests.body.map((request) => request.userID)).toEqual([member.user.userID]);
    expect(
      (
        await leader.client.patch(`/api/v2/groups/${closed.groupID}/requests/${member.user.userID}`, {
          status: "approved",
        })
      ).status,
    ).toBe(204);
    const members = await member.client.get<GroupMember[]>(`/api/v2/groups/${closed.groupID}/members`);
    expect(members.body.map((row) => [row.userID, row.role])).toEqual([
      [leader.user.userID, "leader"],
      [member.user.userID, "member"],
    ]);

    expect((await outsider.client.get(`/api/v2/groups/${secret.groupID}`)).status).toBe(404);
    expect((await outsider.client.post(`/api/v2/groups/${secret.groupID}/join`)).status).toBe(404);
    const directory = await outsider.client.get<Group[]>("/api/v2/groups?limit=100");
    const names = directory.body.map((group) => group.name);
    expect(names).toEqual(expect.arrayContaining(["Open Circle", "Closed Circle"]));
    expect(names).not.toContain("Hidden Circle");
    expect((await moderator.get(`/api/v2/groups/${secret.groupID}`)).status).toBe(200);
  });

  it("promotes a member to leader, removes members, and never leaves a group without a leader", async () => {
    const group = await makeGroup(leader.client, "Rowers", "public");
    await member.client.post(`/api/v2/groups/${group.groupID}/join`);
    await outsider.client.post(`/api/v2/groups/${group.groupID}/join`);
    const path = (userID: number) => `/api/v2/groups/${group.groupID}/members/${userID}`;
    expect((await member.client.patch(path(outsider.user.userID), { role: "leader" })).status).toBe(403);
    expect((await member.client.delete(path(outsider.user.userID))).status).toBe(403);
    expect((await leader.client.delete(path(leader.user.userID))).status).toBe(409);
    expect((await leader.client.patch(path(leader.user.userID), { role: "member" })).status).toBe(409);
    expect((await leader.client.patch(path(member.user.userID), { role: "leader" })).status).toBe(204);
    expect((await member.client.delete(path(outsider.user.userID))).status).toBe(204);
    expect((await leader.client.delete(path(leader.user.userID))).status).toBe(204);
    const after = await member.client.get<Group>(`/api/v2/groups/${group.groupID}`);
    expect(after.body).toMatchObject({ viewerStatus: "leader", countMembers: 1 });
  });

  it("invites members and addresses (API.md 27): leaders only, 1 to 100, members and duplicates skipped", async () => {
    const group = await makeGroup(leader.client, "Chess Club", "secret");
    const path = `/api/v2/groups/${group.groupID}/invitations`;
    const stranger = await sessionClient(testApp);
    expect((await member.client.post(path, { userIDs: [outsider.user.userID] })).status).toBe(404);
    expect((await leader.client.post(path, { userIDs: [], emails: [] })).status).toBe(422);
    const tooMany = Array.from({ length: 101 }, (_, index) => `person${index}@example.com`);
    expect((await leader.client.post(path, { emails: tooMany })).status).toBe(422);
    expect((await leader.client.post(path, { emails: ["not an address"] })).status).toBe(422);
    expect(await rowCount(testApp, "groupInvitations")).toBe(0);

    const invited = await leader.client.post<Invitee[]>(path, {
      userIDs: [member.user.userID, member.user.userID, leader.user.userID, stranger.user.userID],
      emails: ["friend@example.com", "Friend@example.com"],
    });
    expect(invited.status).toBe(201);
    expect(invited.body.map((invitee) => invitee.userID ?? invitee.email)).toEqual([
      member.user.userID,
      stranger.user.userID,
      "friend@example.com",
    ]);
    expect(invited.body[0]).toMatchObject({
      insertUserID: leader.user.userID,
      dateInserted: expect.any(String),
    });
    const again = await leader.client.post<Invitee[]>(path, { userIDs: [member.user.userID] });
    expect(again.body).toEqual([]);

    await testApp.context.jobs.drain();
    const notes = await testApp.context.db
      .selectFrom("notifications")
      .select(["userID", "url"])
      .where("activityType", "=", "GroupInvitation")
      .where("recordID", "=", group.groupID)
      .orderBy("userID")
      .execute();
    expect(notes).toEqual([
      { userID: member.user.userID, url: new URL(group.url).pathname },
      { userID: stranger.user.userID, url: new URL(group.url).pathname },
    ]);
    const mail = await testApp.context.db
      .selectFrom("mailOutbox")
      .select(["to", "bodyText"])
      .where("to", "=", "friend@example.com")
      .execute();
    expect(mail).toHaveLength(1);
    const token = /invitation=([\w-]+)/.exec(mail[0]?.bodyText ?? "")?.[1];
    expect(token).toBeDefined();

    // Invited members see the secret group and answer from the notification's page.
    expect((await member.client.get<Group>(`/api/v2/groups/${group.groupID}`)).body.viewerStatus).toBe(
      "invited",
    );
    const answer = `/api/v2/groups/${group.groupID}/invitation`;
    expect((await member.client.patch(answer, { status: "accepted" })).status).toBe(204);
    expect((await stranger.client.patch(answer, { status: "declined" })).status).toBe(204);
    expect((await stranger.client.get(`/api/v2/groups/${group.groupID}`)).status).toBe(404);
    // Whoever registers from the mailed link joins with its token.
    const newcomer = await sessionClient(testApp, { email: "someone.else@example.com" });
    expect((await newcomer.client.patch(answer, { status: "accepted", token: "wrong" })).status).toBe(404);
    expect((await newcomer.client.patch(answer, { status: "accepted", token })).status).toBe(204);
    const members = await leader.client.get<GroupMember[]>(`/api/v2/groups/${group.groupID}/members`);
    expect(members.body.map((row) => row.userID).sort((a, b) => a - b)).toEqual(
      [leader.user.userID, member.user.userID, newcomer.user.userID].sort((a, b) => a - b),
    );
  });

  it("keeps a secret group's discussions from non-members in lists, pages, comments and search of ids", async () => {
    const group = await makeGroup(leader.client, "Night Owls", "secret");
    await leader.client.post(`/api/v2/groups/${group.groupID}/invitations`, {
      userIDs: [member.user.userID],
    });
    await member.client.patch(`/api/v2/groups/${group.groupID}/invitation`, { status: "accepted" });
    const before = await rowCount(testApp, "discussions");
    expect((await outsider.client.post<ListedDiscussion>("/api/v2/discussions", {})).status).toBe(422);
    expect((await postIn(outsider.client, group.groupID, "Gatecrash")).status).toBe(403);
    expect((await postIn(member.client, 999999, "Nowhere")).status).toBe(422);
    expect(await rowCount(testApp, "discussions")).toBe(before);

    const posted = await postIn(member.client, group.groupID, "Midnight plans");
    expect(posted.status).toBe(201);
    expect(posted.body.groupID).toBe(group.groupID);
    const id = posted.body.discussionID;
    const open = (await postIn(outsider.client, undefined, "Daytime talk")).body.discussionID;

    expect(await listed(member.client)).toEqual(expect.arrayContaining([id, open]));
    expect(await listed(leader.client)).toContain(id);
    expect(await listed(moderator)).toContain(id);
    expect(await listed(outsider.client)).not.toContain(id);
    expect(await listed(outsider.client)).toContain(open);
    expect(await listed(testApp.guest())).not.toContain(id);
    const byAuthor = await outsider.client.get<ListedDiscussion[]>(
      `/api/v2/discussions?insertUserID=${member.user.userID}`,
    );
    expect(byAuthor.body.map((row) => row.discussionID)).not.toContain(id);
    expect((await outsider.client.get(`/api/v2/discussions/${id}`)).status).toBe(404);
    expect((await testApp.guest().get(`/api/v2/discussions/${id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/v2/comments?discussionID=${id}`)).status).toBe(404);
    expect((await outsider.client.get(`/discussion/${id}`)).status).toBe(404);
    expect((await member.client.get(`/api/v2/discussions/${id}`)).status).toBe(200);
    const inGroup = await member.client.get<{ discussionID: number }[]>(
      `/api/v2/groups/${group.groupID}/discussions`,
    );
    expect(inGroup.body.map((row) => row.discussionID)).toEqual([id]);
    expect((await outsider.client.get(`/api/v2/groups/${group.groupID}/discussions`)).status).toBe(404);
    expect((await member.client.get<Group>(`/api/v2/groups/${group.groupID}`)).body.countDiscussions).toBe(1);

    // Search: the title and the comments of the group's discussion are found by members only.
    await member.client.post("/api/v2/comments", {
      discussionID: id,
      body: rich2("Owlish reply"),
      format: "rich2",
    });
    await testApp.context.jobs.drain();
    const found = async (client: TestClient, words: string) => {
      const response = await client.get<{ name: string }[]>(
        `/api/v2/search?query=${encodeURIComponent(words)}`,
      );
      expect(response.status).toBe(200);
      return response.body.map((result) => result.name);
    };
    expect(await found(member.client, "Midnight plans")).toContain("Midnight plans");
    expect(await found(member.client, "Owlish")).toEqual(["RE: Midnight plans"]);
    expect(await found(outsider.client, "Midnight plans")).not.toContain("Midnight plans");
    expect(await found(outsider.client, "Owlish")).toEqual([]);
    expect(await found(testApp.guest(), "Midnight plans")).not.toContain("Midnight plans");

    // A mention reaches the group's members only.
    await leader.client.post("/api/v2/comments", {
      discussionID: id,
      body: `Hello @${outsider.user.name} and @${member.user.name}`,
      format: "markdown",
    });
    await testApp.context.jobs.drain();
    const mentioned = await testApp.context.db
      .selectFrom("notifications")
      .select("userID")
      .where("activityType", "=", "Mention")
      .where("discussionID", "=", id)
      .execute();
    expect(mentioned.map((row) => row.userID)).toEqual([member.user.userID]);
  });

  it("disabling the add-on: routes 404 and the field goes, the discussions stay hidden; enabling restores it", async () => {
    const group = await makeGroup(leader.client, "Quiet Room", "private");
    const id = (await postIn(leader.client, group.groupID, "Whispers")).body.discussionID;
    expect((await admin.patch("/api/v2/addons/groups", { enabled: false })).status).toBe(200);
    try {
      expect((await leader.client.get(`/api/v2/groups/${group.groupID}`)).status).toBe(404);
      expect((await leader.client.get("/api/v2/groups")).status).toBe(404);
      const own = await leader.client.get<Record<string, unknown>>(`/api/v2/discussions/${id}`);
      expect(own.status).toBe(200);
      expect(own.body).not.toHaveProperty("groupID");
      expect(await listed(outsider.client)).not.toContain(id);
    } finally {
      expect((await admin.patch("/api/v2/addons/groups", { enabled: true })).status).toBe(200);
    }
    const back = await leader.client.get<Group>(`/api/v2/groups/${group.groupID}`);
    expect(back.body).toMatchObject({ name: "Quiet Room", countDiscussions: 1 });
    expect((await leader.client.get<ListedDiscussion>(`/api/v2/discussions/${id}`)).body.groupID).toBe(
      group.groupID,
    );
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`groups under concurrent writes (${dialect})`, () => {
    let testApp: TestApp;
    let leader: TestClient;
    let joiner: Member;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      leader = (await sessionClient(testApp)).client;
      joiner = await sessionClient(testApp);
    });
    afterAll(() => testApp.close());

    it("two joins at once make one membership and count it once", async () => {
      const group = await makeGroup(leader, "Racers", "public");
      const answers = await Promise.all(
        [1, 2, 3].map(() => joiner.client.post(`/api/v2/groups/${group.groupID}/join`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const rows = await testApp.context.db
        .selectFrom("groupMembers")
        .select("userID")
        .where("groupID", "=", group.groupID)
        .execute();
      expect(rows).toHaveLength(2);
      expect((await leader.get<Group>(`/api/v2/groups/${group.groupID}`)).body.countMembers).toBe(2);
    });
  });
