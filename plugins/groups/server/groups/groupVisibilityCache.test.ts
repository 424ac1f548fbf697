import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { Group } from "../../api/groupsApi";

/** The two reads of the group visibility rule (is anything hidden; a member's non-public groups). */
const PROBES = [
  /^select "groupDiscussions"\."discussionID" from "groupDiscussions" left join "groups"/,
  /^select "groupMembers"\."groupID" from "groupMembers" inner join "groups"/,
];

describe.each(testDialects)("group visibility kept in the cache layer (%s)", (dialect) => {
  let testApp: TestApp;
  let leader: TestClient;
  let reader: TestClient;
  let readerID: number;
  let categoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    leader = (await sessionClient(testApp)).client;
    const signedIn = await sessionClient(testApp);
    reader = signedIn.client;
    readerID = signedIn.user.userID;
    categoryID = (
      await admin.post<{ categoryID: number }>("/api/v2/categories", { name: "Porch", urlcode: "porch" })
    ).body.categoryID;
  });
  afterAll(() => testApp.close());

  const post = (name: string, groupID?: number) =>
    leader.post<{ discussionID: number }>("/api/v2/discussions", {
      name,
      body: `About ${name}`,
      format: "markdown",
      categoryID,
      ...(groupID !== undefined ? { groupID } : {}),
    });
  /** The ids the reader's list shows, and how many probe statements the request ran. */
  const readerList = async (client: TestClient = reader) => {
    let ids: number[] = [];
    const statements = await testApp.statementsOf(async () => {
      const response = await client.get<{ discussionID: number }[]>("/api/v2/discussions?limit=100");
      expect(response.status).toBe(200);
      ids = response.body.map((row) => row.discussionID);
    });
    return { ids, probes: statements.filter((text) => PROBES.some((probe) => probe.test(text))).length };
  };

  it("asks once, then answers lists from the cache until a group write or a post retires it", async () => {
    const open = (await post("Open porch talk")).body.discussionID;
    await readerList();
    // Nothing hidden yet, and known: the next lists ask nothing.
    expect(await readerList()).toEqual({ ids: expect.arrayContaining([open]) as number[], probes: 0 });

    const group = (await leader.post<Group>("/api/v2/groups", { name: "Back room", privacy: "secret" })).body;
    const hidden = (await post("Back room plans", group.groupID)).body.discussionID;
    const first = await readerList();
    expect(first.ids).not.toContain(hidden);
    expect(first.probes).toBeGreaterThan(0);
    const again = await readerList();
    expect(again).toEqual({ ids: first.ids, probes: 0 });
    // Another post does not make the hidden one visible, nor the cache ask again whether anything is hidden.
    await post("More porch talk");
    expect((await readerList()).ids).not.toContain(hidden);

    // Invited and joined: the group writes retire the reader's groups at once.
    expect(
      (await leader.post(`/api/v2/groups/${group.groupID}/invitations`, { userIDs: [readerID] })).status,
    ).toBe(201);
    expect(
      (await reader.patch(`/api/v2/groups/${group.groupID}/invitation`, { status: "accepted" })).status,
    ).toBe(204);
    expect((await readerList()).ids).toContain(hidden);
    expect((await readerList()).probes).toBe(0);

    // Left again, and the group made public then secret: each write shows at once.
    expect((await reader.delete(`/api/v2/groups/${group.groupID}/members/${readerID}`)).status).toBe(204);
    expect((await readerList()).ids).not.toContain(hidden);
    expect((await leader.patch(`/api/v2/groups/${group.groupID}`, { privacy: "public" })).status).toBe(200);
    expect((await readerList()).ids).toContain(hidden);
    expect((await readerList(testApp.guest())).ids).toContain(hidden);
    expect((await leader.patch(`/api/v2/groups/${group.groupID}`, { privacy: "secret" })).status).toBe(200);
    expect((await readerList()).ids).not.toContain(hidden);
    expect((await readerList(testApp.guest())).ids).not.toContain(hidden);
  });

  it("tells a private group's discussion count only to those who see its discussions", async () => {
    const group = (await leader.post<Group>("/api/v2/groups", { name: "Study hall", privacy: "private" }))
      .body;
    expect((await post("Study plans", group.groupID)).status).toBe(201);
    const countFor = async (client: TestClient) =>
      (await client.get<Group>(`/api/v2/groups/${group.groupID}`)).body.countDiscussions;
    expect(await countFor(leader)).toBe(1);
    expect(await countFor(reader)).toBe(0);
    expect(await countFor(testApp.guest())).toBe(0);
    const listed = await reader.get<Group[]>("/api/v2/groups?limit=100");
    expect(listed.body.find((row) => row.groupID === group.groupID)?.countDiscussions).toBe(0);
  });
});
