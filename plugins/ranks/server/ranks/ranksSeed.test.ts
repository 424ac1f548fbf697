import { serverApplications } from "@applications/serverApplications";
import { createTestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { UserRank } from "../../api/ranksApi";
import { seedRanksDemo } from "./ranksSeed";

describe.each(testDialects)("ranks demo seed (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  it("defines the demo's ranks and makes its leader a Community Leader by hand, once", async () => {
    const leader = await createTestUser(testApp.context, { name: "Maya Chen" });
    await seedRanksDemo(testApp.context);
    await seedRanksDemo(testApp.context);
    const ranks = await testApp.guest().get<{ name: string }[]>("/api/v2/ranks");
    expect(ranks.body.map((rank) => rank.name)).toEqual(["Regular", "Veteran", "Community Leader"]);
    const held = await testApp.guest().get<UserRank>(`/api/v2/ranks/user/${leader.userID}`);
    expect(held.body).toMatchObject({
      rank: { name: "Community Leader", labelHtml: "<em>Leader</em>" },
      manual: true,
    });
  });
});
