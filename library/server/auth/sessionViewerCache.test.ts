import type { Me } from "@forum/api/users";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { serverApplications } from "../../../applications/serverApplications";
import { sessionClient } from "../testing/factories";
import { createSession } from "./sessions";

type SignedIn = Awaited<ReturnType<typeof sessionClient>>;

/**
 * With members' viewers and title-bar data kept between requests (`sharedPageSeconds`), every change of who they
 * are still applies to their next request: the write that made it retires what was kept.
 */
describe.each(testDialects)("members kept between requests on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    admin = await sessionClient(testApp, { role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function roleIDOf(name: string): Promise<number> {
    const role = await testApp.context.db
      .selectFrom("roles")
      .select("roleID")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return role.roleID;
  }

  it("refuses a banned member's next request", async () => {
    const member = await sessionClient(testApp);
    expect((await member.client.get<Me>("/api/v2/users/me")).body.userID).toBe(member.user.userID);
    await member.client.get("/discussions");
    const ban = await admin.client.put(`/api/v2/users/${member.user.userID}/ban`, { banned: true });
    expect(ban.status).toBe(200);
    expect((await member.client.get<Me>("/api/v2/users/me")).body.userID).toBe(0);
    expect((await member.client.post("/api/v2/discussions", { name: "x", body: "y" })).status).not.toBe(201);
  });

  it("gives a member their new role's permissions on the next request", async () => {
    const member = await sessionClient(testApp);
    const before = await member.client.get<Me>("/api/v2/users/me");
    expect(before.body.isAdmin).toBe(false);
    await member.client.get("/");
    const promoted = await admin.client.patch(`/api/v2/users/${member.user.userID}`, {
      roleID: [await roleIDOf("Administrator")],
    });
    expect(promoted.status).toBe(200);
    expect((await member.client.get<Me>("/api/v2/users/me")).body.isAdmin).toBe(true);
    const page = await member.client.get("/");
    expect(page.text).toContain('"isAdmin":true');
  });

  it("ends a member's other sessions at once", async () => {
    const member = await sessionClient(testApp);
    const elsewhere = testApp.guest();
    elsewhere.cookie = (await createSession(testApp.context.db, member.user.userID, false)).token;
    expect((await elsewhere.get<Me>("/api/v2/users/me")).body.userID).toBe(member.user.userID);
    const ended = await member.client.delete("/api/v2/sessions");
    expect(ended.status).toBe(204);
    expect((await elsewhere.get<Me>("/api/v2/users/me")).body.userID).toBe(0);
    expect((await member.client.get<Me>("/api/v2/users/me")).body.userID).toBe(member.user.userID);
  });
});
