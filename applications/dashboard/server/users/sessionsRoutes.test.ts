import type { Session } from "@forum/api/sessions";
import { signedInClient } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";

describe.each(testDialects)("sessions on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
  });
  afterAll(() => testApp.close());

  /** Signs the same member in from another "browser". */
  const signInAgain = async (name: string, password: string, userAgent: string): Promise<TestClient> => {
    const client = testApp.guest();
    const response = await client.post(
      "/api/v2/authenticate/password",
      { username: name, password },
      { "user-agent": userAgent },
    );
    expect(response.status).toBe(201);
    return client;
  };

  it("lists a member's browsers, ends one, then signs out everywhere else", async () => {
    const { client: laptop, user } = await signedInClient(testApp, { name: "Traveller" });
    const phone = await signInAgain(user.name, user.password, "Phone Browser/1.0");
    const library = await signInAgain(user.name, user.password, "Library Computer/2.0");

    const listed = await laptop.get<Session[]>("/api/v2/sessions");
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    expect(listed.body.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(laptop.cookie ?? "no cookie");
    const libraryID = listed.body.find((session) => session.userAgent === "Library Computer/2.0")?.sessionID;
    expect(libraryID).toMatch(/^[0-9a-f]{16}$/);

    expect((await laptop.delete(`/api/v2/sessions/${libraryID}`)).status).toBe(204);
    expect((await library.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);
    expect((await laptop.delete(`/api/v2/sessions/${libraryID}`)).status).toBe(404);

    expect((await laptop.delete("/api/v2/sessions")).status).toBe(204);
    expect((await phone.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);
    expect((await laptop.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(user.userID);
    expect((await laptop.get<Session[]>("/api/v2/sessions")).body).toHaveLength(1);

    expect((await laptop.delete("/api/v2/sessions?includeCurrent=true")).status).toBe(204);
    expect((await laptop.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);
  });

  it("never ends another member's session, and lets users.edit end them all", async () => {
    const { client: owner, user } = await signedInClient(testApp);
    const { client: other } = await signedInClient(testApp);
    const ownerSession = (await owner.get<Session[]>("/api/v2/sessions")).body[0]?.sessionID;
    expect((await other.delete(`/api/v2/sessions/${ownerSession}`)).status).toBe(404);
    expect((await other.get(`/api/v2/users/${user.userID}/sessions`)).status).toBe(403);
    expect((await testApp.guest().get("/api/v2/sessions")).status).toBe(403);

    const { client: admin } = await signedInClient(testApp, { role: "Administrator" });
    expect((await admin.get<Session[]>(`/api/v2/users/${user.userID}/sessions`)).body).toHaveLength(1);
    expect((await admin.delete(`/api/v2/users/${user.userID}/sessions`)).status).toBe(204);
    expect((await owner.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);
  });
});
