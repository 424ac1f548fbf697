import { sql } from "kysely";
import { createTestUser } from "../testing/factories";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";

describe.each(testDialects)("a select's LIMIT written as a number on %s", (dialect) => {
  let testApp: TestApp;
  let ids: number[];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
    ids = [];
    for (const name of ["Ada", "Brook", "Cyd", "Dee", "Eli"])
      ids.push((await createTestUser(testApp.context, { name: `Limited${name}` })).userID);
  });
  afterAll(() => testApp.close());

  const page = (limit: number, offset: number) =>
    testApp.context.db
      .selectFrom("users")
      .select("name")
      .where("name", "like", "Limited%")
      .orderBy("userID")
      .limit(limit)
      .offset(offset);

  it("puts the limit in the text and binds the offset", () => {
    const compiled = page(2, 1).compile();
    expect(compiled.sql).toMatch(/ limit 2 offset (\?|\$2)$/);
    expect(compiled.parameters).toEqual(["Limited%", 1]);
  });

  it("reads the same rows, each limit with its own text and every offset with one", async () => {
    expect((await page(2, 0).execute()).map((row) => row.name)).toEqual(["LimitedAda", "LimitedBrook"]);
    expect((await page(2, 2).execute()).map((row) => row.name)).toEqual(["LimitedCyd", "LimitedDee"]);
    expect((await page(3, 2).execute()).map((row) => row.name)).toEqual([
      "LimitedCyd",
      "LimitedDee",
      "LimitedEli",
    ]);
    expect(page(2, 0).compile().sql).toBe(page(2, 4).compile().sql);
    expect(page(3, 0).compile().sql).not.toBe(page(2, 0).compile().sql);
  });

  it("leaves a limit that is not a whole number of rows to its binding", async () => {
    const { db } = testApp.context;
    const expression = db
      .selectFrom("users")
      .select("userID")
      .where("userID", "in", ids)
      .limit(sql<number>`cast(${2} as integer)`);
    const compiled = expression.compile();
    expect(compiled.parameters).toEqual([...ids, 2]);
    expect(await expression.execute()).toHaveLength(2);
    expect(() => page(-1, 0).compile()).not.toThrow();
    expect(page(-1, 0).compile().parameters).toContain(-1);
  });

  it("keeps a subquery's limit bound: only the outer select is looked at", () => {
    const { db } = testApp.context;
    const compiled = db
      .selectFrom("users")
      .select("name")
      .where("userID", "in", (eb) => eb.selectFrom("users").select("userID").orderBy("userID").limit(3))
      .limit(10)
      .compile();
    expect(compiled.sql).toMatch(/ limit 10$/);
    expect(compiled.parameters).toEqual([3]);
  });
});
