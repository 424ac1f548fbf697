// Removes the run's template databases: the SQLite files (sqliteTemplate.ts) and, on PostgreSQL, the databases
// whose names start with the run's prefix (postgresTemplate.ts); and the run's compiled server
// (scripts/sharedServerBuild.ts: build/test-run-<folder's name>, its folders, lock and count).
const fs = require("node:fs");
const path = require("node:path");
const { createHash } = require("node:crypto");

async function dropPostgresTemplates(url, folder) {
  const pg = require("pg");
  const run = createHash("sha256").update(path.basename(folder)).digest("hex").slice(0, 8);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [
      `forum\\_tpl\\_${run}\\_%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

module.exports = async function globalTeardown() {
  const folder = process.env.FORUM_TEST_TEMPLATES;
  if (!folder) return;
  fs.rmSync(folder, { recursive: true, force: true });
  const builds = path.join(__dirname, "..", "..", "..", "build");
  const sharedBuild = `test-run-${path.basename(folder)}`;
  for (const name of fs.existsSync(builds) ? fs.readdirSync(builds) : [])
    if (name.startsWith(sharedBuild)) fs.rmSync(path.join(builds, name), { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) await dropPostgresTemplates(process.env.TEST_DATABASE_URL, folder);
};
