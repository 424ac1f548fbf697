import { serverApplications } from "@applications/serverApplications";
import { createTestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { seedGroupsDemo } from "./groupsSeed";

describe.each(testDialects)("groups demo seed on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  it("makes a public, a private and a secret group led by the first member, with members", async () => {
    const leader = await createTestUser(testApp.context, { name: "Lead" });
    const second = await createTestUser(testApp.context, { name: "Second" });
    await createTestUser(testApp.context, { name: "Third" });
    await seedGroupsDemo(testApp.context);
    const groups = await testApp.context.db
      .selectFrom("groups")
      .select(["name", "privacy", "countMembers", "insertUserID"])
      .orderBy("groupID")
      .execute();
    expect(groups.map((group) => [group.privacy, group.countMembers])).toEqual([
      ["public", 3],
      ["private", 2],
      ["secret", 2],
    ]);
    expect(new Set(groups.map((group) => group.insertUserID))).toEqual(new Set([leader.userID]));
    const secretMembers = await testApp.context.db
      .selectFrom("groupMembers")
      .innerJoin("groups", "groups.groupID", "groupMembers.groupID")
      .select(["groupMembers.userID", "groupMembers.role"])
      .where("groups.privacy", "=", "secret")
      .orderBy("groupMembers.userID")
      .execute();
    expect(secretMembers).toEqual([
      { userID: leader.userID, role: "leader" },
      { userID: second.userID, role: "member" },
    ]);
  });
});

describe.each(testDialects)("groups demo seed on a site of the core alone (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // The accounts application without the forum: there is no discussions table to link a group to.
    testApp = await createTestApp(
      dialect,
      serverApplications.filter((application) => application.key !== "forum"),
    );
  });
  afterAll(() => testApp.close());

  it("makes the groups without a discussion", async () => {
    await createTestUser(testApp.context, { name: "Alone" });
    await seedGroupsDemo(testApp.context);
    const groups = await testApp.context.db
      .selectFrom("groups")
      .select(["privacy", "countDiscussions"])
      .orderBy("groupID")
      .execute();
    expect(groups).toEqual([
      { privacy: "public", countDiscussions: 0 },
      { privacy: "private", countDiscussions: 0 },
      { privacy: "secret", countDiscussions: 0 },
    ]);
  });
});
