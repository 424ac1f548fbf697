import type { AppContext } from "../app/appContext";
import { hashPassword } from "../auth/passwords";
import { createSession } from "../auth/sessions";
import { recordNames } from "../cache/recordNames";
import type { DEFAULT_ROLES } from "../db/defaultRoles";
import { createUserRecord } from "../users/createUserRecord";
import type { TestApp, TestClient } from "./testApp";

export const TEST_PASSWORD = "correct horse battery";

/**
 * Test users' password hash, made once per test file at a low scrypt cost: a production-cost hash and check
 * take 50-200 ms of CPU each, and the suites make over a thousand members. Signing in still verifies a real
 * scrypt hash through the same code; passwords.test.ts and the registration tests use the real cost.
 */
let testPasswordHash: Promise<string> | null = null;
function fixturePasswordHash(): Promise<string> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 });
  return testPasswordHash;
}

export type RoleName = (typeof DEFAULT_ROLES)[number]["name"];

let sequence = 0;

export async function roleIDByName(context: AppContext, name: RoleName): Promise<number> {
  const role = await context.db
    .selectFrom("roles")
    .select("roleID")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return role.roleID;
}

export interface TestUser {
  userID: number;
  name: string;
  email: string;
  password: string;
}

/** A user with one of the default roles (Member by default) and a known password. */
export async function createTestUser(
  context: AppContext,
  options: {
    role?: RoleName;
    name?: string;
    email?: string;
    emailConfirmed?: boolean;
    private?: boolean;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const name = options.name ?? `user${sequence}${Date.now() % 100000}`;
  const email = options.email ?? `${name.replace(/\s+/g, ".").toLowerCase()}@example.com`;
  const userID = await createUserRecord(context.db, {
    name,
    email,
    password: TEST_PASSWORD,
    passwordHash: await fixturePasswordHash(),
    roleIDs: [await roleIDByName(context, options.role ?? "Member")],
    emailConfirmed: options.emailConfirmed ?? true,
    private: options.private ?? false,
  });
  // As a registration through the API would: the caches that know the site's users (staff badges) learn of it.
  await context.caches.publish([recordNames.user(userID)]);
  return { userID, name, email, password: TEST_PASSWORD };
}

/** A client signed in as a new user of the role. */
export async function signedInClient(
  testApp: TestApp,
  options: Parameters<typeof createTestUser>[1] = {},
): Promise<{ client: TestClient; user: TestUser }> {
  const user = await createTestUser(testApp.context, options);
  const client = testApp.guest();
  const response = await client.post("/api/v2/authenticate/password", {
    username: user.name,
    password: user.password,
  });
  if (response.status !== 201)
    throw new Error(`Sign-in failed for ${user.name}: ${response.status} ${response.text}`);
  return { client, user };
}

/** A client holding a session of a new user, opened directly (for apps without the sign-in route). */
export async function sessionClient(
  testApp: TestApp,
  options: Parameters<typeof createTestUser>[1] = {},
): Promise<{ client: TestClient; user: TestUser }> {
  const user = await createTestUser(testApp.context, options);
  const client = testApp.guest();
  client.cookie = (await createSession(testApp.context.db, user.userID, false)).token;
  return { client, user };
}
