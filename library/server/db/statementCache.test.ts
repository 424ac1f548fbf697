import SQLite from "better-sqlite3";
import { SQLITE_STATEMENT_CACHE_SIZE, withStatementCache } from "./database";

describe("SQLite's statement cache", () => {
  it("keeps a statement in use while more one-off texts than it holds pass through", () => {
    const sqlite = new SQLite(":memory:");
    try {
      const cached = withStatementCache(sqlite);
      const hot = cached.prepare("select 1 as hot");
      const early = cached.prepare("select -1 as early");
      for (let index = 0; index < SQLITE_STATEMENT_CACHE_SIZE * 2; index += 1) {
        cached.prepare(`select ${index} as once`);
        if (index % 50 === 0) expect(cached.prepare("select 1 as hot")).toBe(hot);
      }
      expect(cached.prepare("select 1 as hot")).toBe(hot);
      // A text not used since the start is gone: the cache stays at its size.
      expect(cached.prepare("select -1 as early")).not.toBe(early);
    } finally {
      sqlite.close();
    }
  });
});
