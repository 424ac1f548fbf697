import { serverApplications } from "@applications/serverApplications";
import { createTestUser, sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { UserBadge } from "../../api/badgesApi";
import { seedBadgesDemo } from "./badgesSeed";

describe.each(testDialects)("badges demo seed (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    await admin.patch("/api/v2/addons/badges", { enabled: true });
  });
  afterAll(() => testApp.close());

  it("adds the manual Helpful badge and awards it to the demo's helper once, with its points", async () => {
    const helper = await createTestUser(testApp.context, { name: "Priya Nair" });
    await seedBadgesDemo(testApp.context);
    await seedBadgesDemo(testApp.context);
    const held = await testApp.guest().get<UserBadge[]>(`/api/v2/badges/user/${helper.userID}`);
    expect(held.body.map((award) => award.badge.slug)).toEqual(["helpful"]);
    const user = await testApp.context.db
      .selectFrom("users")
      .select("points")
      .where("userID", "=", helper.userID)
      .executeTakeFirstOrThrow();
    expect(user.points).toBe(5);
  });
});
