import { serverApplications } from "@applications/serverApplications";
import { startDailyJob } from "@library/server/jobs/dailyJobs";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { Rank, UserRank } from "../../api/ranksApi";
import "../tables";

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_JOB = "ranks.daily";

describe.each(testDialects)("the ranks daily job (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
  });
  afterAll(() => testApp.close());

  const db = () => testApp.context.db;
  const rankOf = async (userID: number) =>
    (await testApp.guest().get<UserRank>(`/api/v2/ranks/user/${userID}`)).body.rank?.name ?? null;
  const joinedDaysAgo = (userID: number, days: number) =>
    db()
      .updateTable("users")
      .set({ dateInserted: new Date(Date.now() - days * DAY_MS).toISOString() })
      .where("userID", "=", userID)
      .execute();
  const forgetRank = (userID: number) => db().deleteFrom("userRanks").where("userID", "=", userID).execute();
  const today = () => new Date().toISOString().slice(0, 10);
  const waitingRuns = async () =>
    (
      await db()
        .selectFrom("jobs")
        .select("uniqueKey")
        .where("name", "=", DAILY_JOB)
        .where("status", "in", ["pending", "running", "failed"])
        .execute()
    ).map((row) => row.uniqueKey);
  const runDaily = async () => {
    await testApp.context.jobs.enqueue(db(), DAILY_JOB, { day: today() });
    await testApp.context.jobs.drain();
  };

  it("recomputes only the members who crossed a days-since-joining threshold since its last run", async () => {
    // The start's run of today is done (no rank needed it), and tomorrow's waits.
    await testApp.context.jobs.drain();
    expect(await waitingRuns()).not.toContain(`${DAILY_JOB}:${today()}`);

    const crossing = await sessionClient(testApp);
    const long = await sessionClient(testApp);
    const recent = await sessionClient(testApp);
    await joinedDaysAgo(crossing.user.userID, 29.5);
    await joinedDaysAgo(long.user.userID, 100);
    await joinedDaysAgo(recent.user.userID, 2);
    const veteran = await admin.post<Rank>("/api/v2/ranks", {
      name: "Veteran",
      label: "Veteran",
      level: 2,
      criteria: { daysSinceJoin: 30 },
    });
    expect(veteran.status).toBe(201);
    expect(
      (await admin.post<Rank>("/api/v2/ranks", { name: "Newcomer", label: "New", level: 1 })).status,
    ).toBe(201);
    // Defining ranks recomputes everyone once.
    await testApp.context.jobs.drain();
    expect(await rankOf(crossing.user.userID)).toBe("Newcomer");
    expect(await rankOf(long.user.userID)).toBe("Veteran");
    expect(await rankOf(recent.user.userID)).toBe("Newcomer");

    // A day later: the first member is now 30.5 days in. Ranks the others hold are forgotten behind the job's
    // back, so a run that recomputed them would give them back.
    await joinedDaysAgo(crossing.user.userID, 30.5);
    await forgetRank(long.user.userID);
    await forgetRank(recent.user.userID);
    await runDaily();
    expect(await rankOf(crossing.user.userID)).toBe("Veteran");
    expect(await rankOf(long.user.userID)).toBeNull();
    expect(await rankOf(recent.user.userID)).toBeNull();

    // Run again: nothing changes (idempotent); a restart the same day schedules no run of today.
    await runDaily();
    expect(await rankOf(crossing.user.userID)).toBe("Veteran");
    await startDailyJob(testApp.context, DAILY_JOB);
    expect(await waitingRuns()).not.toContain(`${DAILY_JOB}:${today()}`);
  });

  it("does nothing when no rank depends on membership age", async () => {
    const member = await sessionClient(testApp);
    const ranks = await admin.get<Rank[]>("/api/v2/ranks");
    const veteran = ranks.body.find((rank) => rank.name === "Veteran");
    expect(
      (await admin.patch(`/api/v2/ranks/${veteran?.rankID ?? 0}`, { criteria: { posts: 1000 } })).status,
    ).toBe(200);
    await testApp.context.jobs.drain();
    await forgetRank(member.user.userID);
    const statements = await testApp.statementsOf(runDaily);
    expect(statements.filter((text) => /from "users"/.test(text))).toEqual([]);
    expect(await rankOf(member.user.userID)).toBeNull();
  });
});
