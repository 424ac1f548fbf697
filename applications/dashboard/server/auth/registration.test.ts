import type { Me } from "@forum/api/users";
import { countRows, testDialects, type TestApp } from "@library/server/testing/testApp";
import { signedInClient } from "@library/server/testing/factories";
import { createDashboardTestApp, roleNamesOf, writeSettings } from "../testing/dashboardTesting";

const PASSWORD = "a long enough password";

describe.each(testDialects)("POST /users/register on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(async () => {
    await writeSettings(testApp.context, { "registration.method": "basic", isConfirmEmailRequired: false });
  });

  it("creates a member, signs them in, and they can sign in again with the password", async () => {
    const client = testApp.guest();
    const response = await client.post<{ userID: number }>("/api/v2/users/register", {
      name: "New Member",
      email: "new.member@example.com",
      password: PASSWORD,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      userID: expect.any(Number),
      name: "New Member",
      email: "new.member@example.com",
    });
    expect((await client.get<Me>("/api/v2/users/me")).body).toMatchObject({
      name: "New Member",
      emailConfirmed: true,
    });
    expect(await roleNamesOf(testApp.context, response.body.userID)).toEqual(["Member"]);

    await client.post("/api/v2/authenticate/signout");
    const signIn = await client.post<Me>("/api/v2/authenticate/password", {
      username: "new member",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(201);
    expect(signIn.body.userID).toBe(response.body.userID);
  });

  it("answers 422 keyed by field for duplicates and invalid values, and creates nobody", async () => {
    const usersBefore = await countRows(testApp.context, "users");
    const duplicate = await testApp.guest().post("/api/v2/users/register", {
      name: "NEW MEMBER",
      email: "New.Member@example.com",
      password: PASSWORD,
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({
      errors: [
        { field: "name", code: "unique" },
        { field: "email", code: "unique" },
      ],
    });

    const invalid = await testApp.guest().post<{ errors: { field: string }[] }>("/api/v2/users/register", {
      name: "Fresh Name",
      email: "not an email",
      password: "short",
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((error) => error.field).sort()).toEqual(["email", "password"]);

    const badName = await testApp
      .guest()
      .post("/api/v2/users/register", { name: "bad<name>", email: "b@example.com", password: PASSWORD });
    expect(badName.status).toBe(422);
    expect(badName.body).toMatchObject({ errors: [{ field: "name" }] });
    expect(await countRows(testApp.context, "users")).toBe(usersBefore);
  });

  it("refuses a signed-in caller with 403", async () => {
    const { client } = await signedInClient(testApp);
    const usersBefore = await countRows(testApp.context, "users");
    const response = await client.post("/api/v2/users/register", {
      name: "Second",
      email: "second@example.com",
      password: PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(await countRows(testApp.context, "users")).toBe(usersBefore);
  });

  it("refuses registration by invitation with 403", async () => {
    await writeSettings(testApp.context, { "registration.method": "invitation" });
    const usersBefore = await countRows(testApp.context, "users");
    const response = await testApp
      .guest()
      .post("/api/v2/users/register", { name: "Invitee", email: "i@example.com", password: PASSWORD });
    expect(response.status).toBe(403);
    expect(await countRows(testApp.context, "users")).toBe(usersBefore);
  });

  it("holds the registration for approval: 202 {}, Applicant role, no session", async () => {
    await writeSettings(testApp.context, { "registration.method": "approval" });
    const client = testApp.guest();
    const sessionsBefore = await countRows(testApp.context, "sessions");
    const response = await client.post("/api/v2/users/register", {
      name: "Applying",
      email: "apply@example.com",
      password: PASSWORD,
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({});
    expect(client.cookie).toBeNull();
    expect(await countRows(testApp.context, "sessions")).toBe(sessionsBefore);
    const user = await testApp.context.db
      .selectFrom("users")
      .select("userID")
      .where("nameKey", "=", "applying")
      .executeTakeFirstOrThrow();
    expect(await roleNamesOf(testApp.context, user.userID)).toEqual(["Applicant"]);
    const signIn = await client.post("/api/v2/authenticate/password", {
      username: "Applying",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
  });
});
