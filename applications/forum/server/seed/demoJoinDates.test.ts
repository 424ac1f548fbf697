import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { createForumTestApp } from "../testing/forumTesting";

for (const dialect of testDialects) {
  describe(`demo community on ${dialect}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createForumTestApp(dialect);
      await testApp.context.db.deleteFrom("users").execute();
      expect(await seedDemoIfEmpty(testApp.context)).toMatchObject({ adminName: "admin" });
    }, 120_000);
    afterAll(async () => {
      await testApp.close();
    });

    it("shows every member who wrote something as joined before their first discussion or comment", async () => {
      const { db } = testApp.context;
      const firstPosts = await db
        .selectFrom(
          db
            .selectFrom("discussions")
            .select(["insertUserID", "dateInserted"])
            .unionAll(db.selectFrom("comments").select(["insertUserID", "dateInserted"]))
            .as("posts"),
        )
        .select(["insertUserID", (eb) => eb.fn.min("dateInserted").as("firstPost")])
        .groupBy("insertUserID")
        .execute();
      expect(firstPosts.length).toBeGreaterThan(3);
      for (const { insertUserID, firstPost } of firstPosts) {
        const member = await db
          .selectFrom("users")
          .select("dateInserted")
          .where("userID", "=", insertUserID)
          .executeTakeFirstOrThrow();
        expect(Date.parse(member.dateInserted)).toBeLessThan(Date.parse(firstPost));
      }
    });
  });
}
