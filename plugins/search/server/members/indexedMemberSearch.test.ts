import type { User } from "@forum/api/users";
import { serverApplications } from "@applications/serverApplications";
import {
  createTestUser,
  roleIDByName,
  sessionClient,
  type TestUser,
} from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { syncDirectoryRecords } from "../indexing/directorySync";

describe.each(testDialects)("the dashboard's member list searched through the index (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let john: TestUser;
  let joanna: TestUser;

  const names = async (client: TestClient, query: string) => {
    const response = await client.get<User[]>(`/api/v2/users?sort=name&${query}`);
    expect(response.status).toBe(200);
    return response.body.map((user) => user.name);
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { name: "Site Admin", role: "Administrator" })).client;
    member = (await sessionClient(testApp, { name: "Reader" })).client;
    john = await createTestUser(testApp.context, {
      name: "John Smith",
      email: "jsmith@example.org",
      role: "Moderator",
    });
    joanna = await createTestUser(testApp.context, { name: "Joanna Black", email: "black.jo@example.org" });
    await createTestUser(testApp.context, { name: "Marjorie Stone", email: "mstone@example.org" });
    for (const [user, title] of [
      [john, "Head Gardener"],
      [joanna, "Garden volunteer"],
    ] as const)
      expect((await admin.patch(`/api/v2/users/${user.userID}`, { title })).status).toBe(200);
    const banned = await admin.put(`/api/v2/users/${joanna.userID}/ban`, { banned: true });
    expect(banned.status).toBe(200);
    await syncDirectoryRecords(testApp.context);
  });
  afterAll(() => testApp.close());

  it("finds members by a word prefix of their name or title, not by the middle of a word", async () => {
    expect(await names(member, "query=jo")).toEqual(["Joanna Black", "John Smith"]);
    expect(await names(member, "query=smi")).toEqual(["John Smith"]);
    expect(await names(member, "query=SMITH%20jo")).toEqual(["John Smith"]);
    expect(await names(member, "query=gardener")).toEqual(["John Smith"]);
    expect(await names(member, "query=gard")).toEqual(["Joanna Black", "John Smith"]);
    expect(await names(member, "query=tone")).toEqual([]);
  });

  it("finds by the start of an email only for a viewer allowed to see emails", async () => {
    expect(await names(admin, "query=jsmith")).toEqual(["John Smith"]);
    expect(await names(admin, "query=black.jo%40")).toEqual(["Joanna Black"]);
    expect(await names(admin, "query=example.org")).toEqual([]);
    expect(await names(member, "query=jsmith")).toEqual([]);
  });

  it("keeps the role and ban filters, and pages with the total, among the members the index found", async () => {
    const moderatorRoleID = await roleIDByName(testApp.context, "Moderator");
    expect(await names(member, `query=gard&roleIDs[]=${moderatorRoleID}`)).toEqual(["John Smith"]);
    expect(await names(member, "query=gard&isBanned=true")).toEqual(["Joanna Black"]);
    expect(await names(member, "query=gard&isBanned=false")).toEqual(["John Smith"]);
    const second = await member.get<User[]>("/api/v2/users?query=gard&sort=name&limit=1&page=2");
    expect(second.body.map((user) => user.name)).toEqual(["John Smith"]);
    expect(second.headers["x-app-page-result-count"]).toBe("2");
  });

  it("finds a member who joined after the last sync by the start of their name, and by their title after it", async () => {
    const newcomer = await createTestUser(testApp.context, { name: "Jolene Fresh" });
    expect(await names(member, "query=jol")).toEqual(["Jolene Fresh"]);
    await admin.patch(`/api/v2/users/${newcomer.userID}`, { title: "Beekeeper" });
    await syncDirectoryRecords(testApp.context);
    expect(await names(member, "query=beek")).toEqual(["Jolene Fresh"]);
  });

  it("matches substrings of names, and of emails for those who may see them, while the search add-on is off", async () => {
    await testApp.context.addons.setEnabled("search", false, null);
    try {
      expect(await names(member, "query=jo")).toEqual([
        "Joanna Black",
        "John Smith",
        "Jolene Fresh",
        "Marjorie Stone",
      ]);
      expect(await names(member, "query=gard")).toEqual([]);
      expect(await names(member, "query=example.org")).toEqual([]);
      expect(await names(admin, "query=example.org")).toEqual([
        "Joanna Black",
        "John Smith",
        "Marjorie Stone",
      ]);
    } finally {
      await testApp.context.addons.setEnabled("search", true, null);
    }
    expect(await names(member, "query=jo")).toEqual(["Joanna Black", "John Smith", "Jolene Fresh"]);
  });
});
