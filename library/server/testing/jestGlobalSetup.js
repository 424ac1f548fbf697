// Once per Jest run, before any worker starts: a folder for the migrated template databases the test apps copy
// (sqliteTemplate.ts; the workers inherit its path), and one line saying which databases the API tests run on.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

module.exports = async function globalSetup() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "forum-test-templates-"));
  process.env.FORUM_TEST_TEMPLATES = folder;
  const dialects = (process.env.TEST_DIALECTS ?? "").split(",").filter(Boolean);
  const withPostgres =
    Boolean(process.env.TEST_DATABASE_URL) && (dialects.length === 0 || dialects.includes("postgres"));
  const withSqlite = dialects.length === 0 || dialects.includes("sqlite");
  const names = [withSqlite && "SQLite", withPostgres && "PostgreSQL"].filter(Boolean).join(" and ");
  process.stdout.write(
    withPostgres
      ? `\nAPI tests run on ${names}.\n`
      : `\nAPI tests run on ${names || "no database"}: tests for PostgreSQL alone are not defined in this run (set TEST_DATABASE_URL to add them).\n`,
  );
};
