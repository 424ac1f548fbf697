// Soak (figures, not a test): two server instances on one PostgreSQL schema (two pools, as two processes behind
// a load balancer), 20 members posting comments while a moderator moves and deletes discussions, for a while;
// then recount must find nothing to change and no comment may point at a missing discussion. Reports requests,
// statuses and what recount said.
//
//   npx tsx scripts/bench/writeSoak.ts --database-url postgres://user@host:5432/db --seconds 60
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { serverApplications } from "../../applications/serverApplications";
import { buildApp, type BuiltApp } from "../../library/server/app/buildApp";
import { createSession } from "../../library/server/auth/sessions";
import { recountCounters } from "../../library/server/cli/recountCounters";
import { testConfig } from "../../library/server/config/config";
import { openPostgres } from "../../library/server/db/database";
import { createTestUser } from "../../library/server/testing/factories";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string", default: process.env.TEST_DATABASE_URL ?? "" },
    seconds: { type: "string", default: "60" },
    members: { type: "string", default: "20" },
  },
});

interface Caller {
  app: BuiltApp["app"];
  cookie: string;
}

async function call(caller: Caller, method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown) {
  const response = await caller.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: {
      host: "localhost",
      "x-requested-with": "vanilla",
      referer: "http://localhost/",
      cookie: `${caller.cookie}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body };
}

async function main(): Promise<void> {
  const url = values["database-url"];
  if (!url)
    throw new Error("Give --database-url (a PostgreSQL database; a throwaway schema is created in it).");
  const schema = `soak_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const schemaUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const config = testConfig({ databaseUrl: schemaUrl });
  const first = await buildApp({
    config,
    database: openPostgres(schemaUrl, 10),
    applications: serverApplications,
  });
  const second = await buildApp({
    config,
    database: openPostgres(schemaUrl, 10),
    applications: serverApplications,
  });
  const apps = [first, second];
  const cookieName = first.context.settings.peek<string>("garden.cookie.name");
  const callerFor = async (built: BuiltApp, role?: "Moderator" | "Administrator") => {
    const user = await createTestUser(built.context, role ? { role } : {});
    const { token } = await createSession(built.context.db, user.userID, false);
    return { app: built.app, cookie: `${cookieName}=${token}` };
  };
  const moderator = await callerFor(first, "Administrator");
  const categories: number[] = [];
  for (const name of ["Soak A", "Soak B", "Soak C"]) {
    const created = await call(moderator, "POST", "/categories", {
      name,
      urlcode: name.toLowerCase().replace(" ", "-"),
    });
    categories.push((JSON.parse(created.body) as { categoryID: number }).categoryID);
  }
  const discussions: number[] = [];
  const newDiscussion = async () => {
    const created = await call(moderator, "POST", "/discussions", {
      categoryID: categories[discussions.length % categories.length],
      name: `Soak ${discussions.length}`,
      body: "Soak",
      format: "text",
    });
    discussions.push((JSON.parse(created.body) as { discussionID: number }).discussionID);
  };
  for (let index = 0; index < 10; index += 1) await newDiscussion();
  const members = await Promise.all(
    Array.from({ length: Number(values.members) }, (_, index) => callerFor(apps[index % 2] as BuiltApp)),
  );

  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const until = Date.now() + Number(values.seconds) * 1000;
  const pick = () => discussions[Math.floor(Math.random() * discussions.length)] ?? 0;
  const memberLoop = async (member: Caller) => {
    while (Date.now() < until) {
      const response = await call(member, "POST", "/comments", {
        discussionID: pick(),
        body: "Me too",
        format: "text",
      });
      count(response.status);
    }
  };
  const moderatorLoop = async () => {
    let turn = 0;
    while (Date.now() < until) {
      turn += 1;
      const discussionID = pick();
      const response =
        turn % 4 === 0
          ? await call(moderator, "DELETE", `/discussions/${discussionID}`)
          : await call(moderator, "PATCH", `/discussions/${discussionID}`, {
              categoryID: categories[turn % categories.length],
            });
      count(response.status);
      if (turn % 4 === 0) await newDiscussion();
    }
  };
  const started = Date.now();
  await Promise.all([...members.map(memberLoop), moderatorLoop()]);
  const seconds = (Date.now() - started) / 1000;

  const changes = await recountCounters(first.context);
  const orphans = await sql<{ count: number }>`
    select count(*)::int as "count" from comments c
    where not exists (select 1 from discussions d where d."discussionID" = c."discussionID")`.execute(
    first.context.db,
  );
  const total = [...statuses.values()].reduce((sum, value) => sum + value, 0);
  process.stdout.write(
    `${total} writes in ${seconds.toFixed(0)} s on two instances (${(total / seconds).toFixed(0)}/s)\n` +
      `statuses: ${[...statuses.entries()].map(([status, n]) => `${status}×${n}`).join(", ")}\n` +
      `5xx: ${[...statuses.entries()].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)}\n` +
      `orphan comments: ${orphans.rows[0]?.count ?? "?"}\n` +
      `recount: ${changes.length === 0 ? "nothing to change" : changes.map((change) => JSON.stringify(change)).join("\n")}\n`,
  );
  for (const built of apps) await built.app.close();
  await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
  await admin.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
