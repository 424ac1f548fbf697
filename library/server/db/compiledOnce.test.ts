import { createTestUser } from "../testing/factories";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { executeCompiledOnce } from "./compiledOnce";

describe.each(testDialects)("statements compiled once per shape on %s", (dialect) => {
  let testApp: TestApp;
  let ids: number[];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
    ids = [];
    for (const name of ["Ada", "Brook", "Cyd", "Dee"])
      ids.push((await createTestUser(testApp.context, { name: `Compiled${name}` })).userID);
  });
  afterAll(() => testApp.close());

  const namesOf = (userIDs: number[], prefix: string) => {
    const { db } = testApp.context;
    return executeCompiledOnce(
      db,
      `test.usersByIdAndPrefix:${userIDs.length}`,
      () =>
        db
          .selectFrom("users")
          .select("name")
          .where("userID", "in", userIDs)
          .where("name", "like", `${prefix}%`)
          .orderBy("userID"),
      [...userIDs, `${prefix}%`],
    ).then((rows) => rows.map((row) => row.name));
  };

  it("answers each call with its own values, the statement built once for the shape", async () => {
    const [ada = 0, brook = 0, cyd = 0, dee = 0] = ids;
    const statements = await testApp.statementsOf(async () => {
      expect(await namesOf([ada, brook], "Compiled")).toEqual(["CompiledAda", "CompiledBrook"]);
      // Same shape, other values: the kept statement with these values bound.
      expect(await namesOf([cyd, dee], "Compiled")).toEqual(["CompiledCyd", "CompiledDee"]);
      expect(await namesOf([ada, dee], "CompiledD")).toEqual(["CompiledDee"]);
      // Another shape is built for itself.
      expect(await namesOf([ada, brook, cyd], "Compiled")).toEqual([
        "CompiledAda",
        "CompiledBrook",
        "CompiledCyd",
      ]);
    });
    // The add-on runtime's periodic look at the add-ons table may fall in the window: count the users reads only.
    expect(statements.filter((statement) => statement.includes('from "users"'))).toHaveLength(4);
  });

  it("never reads an open transaction's rows from outside it, and a transaction reads its own", async () => {
    const { db } = testApp.context;
    const [ada = 0] = ids;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renamed: () => void = () => undefined;
    const didRename = new Promise<void>((resolve) => {
      renamed = resolve;
    });
    let seenInside: string[] = [];
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ name: "CompiledAdaRenamed" }).where("userID", "=", ada).execute();
      const rows = await executeCompiledOnce(
        trx,
        "test.userNameById",
        () => trx.selectFrom("users").select("name").where("userID", "=", ada),
        [ada],
      );
      seenInside = rows.map((row) => row.name);
      renamed();
      await held;
      throw new Error("rolled back");
    });
    await didRename;
    // Asked while the rename is written and not committed (it never will be).
    const outside = namesOf([ada], "Compiled");
    release();
    await expect(writing).rejects.toThrow("rolled back");
    expect(seenInside).toEqual(["CompiledAdaRenamed"]);
    expect(await outside).toEqual(["CompiledAda"]);
  });

  it("refuses parameters that are not the ones the built statement binds", async () => {
    const { db } = testApp.context;
    const [ada = 0, brook = 0] = ids;
    await expect(
      executeCompiledOnce(
        db,
        "test.misordered",
        () => db.selectFrom("users").select("name").where("userID", "=", ada).where("name", "=", "x"),
        ["x", ada],
      ),
    ).rejects.toThrow('The parameters given for the statement "test.misordered" are not the ones it binds.');
    await expect(
      executeCompiledOnce(
        db,
        "test.short",
        () => db.selectFrom("users").select("name").where("userID", "in", [ada, brook]),
        [ada],
      ),
    ).rejects.toThrow("are not the ones it binds");
  });
});
