import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Selectable } from "kysely";
import { recordNames, type RecordName } from "../cache/recordNames";
import type { Db, DbOrTx, Dialect } from "../db/database";
import type { JobTable } from "./jobTables";
import "./jobTables";

export type JobRow = Selectable<JobTable>;

export interface JobInfo {
  jobID: number;
  /** 1 on the first run. */
  attempt: number;
  /**
   * Names what the job changed, for the cache layer (as a request's `noteChanged`): once the job is done those
   * names are published. Called with no name, it says the job changed no cached record, and nothing is
   * published. A job that never calls it publishes `content`: anything public may have changed.
   */
  noteChanged(...names: RecordName[]): void;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface JobOptions {
  /** The application or add-on defining the handler: its jobs wait while it is disabled. */
  owner: string;
  /** Runs before the job is dead-lettered (default 5). */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt (default 10 s). */
  backoffSeconds?: number;
}

interface Definition extends Required<JobOptions> {
  handler: JobHandler<unknown>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs enqueued by other processes (default 1000 ms). */
  pollMs?: number;
  /** Jobs run at once by this process (default 4; 1 on SQLite, whose writes are serial anyway). */
  concurrency?: number;
  /** How long a claim holds before another process may take the job over (default 60 s). */
  leaseSeconds?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a worker ID names a process of this machine that no longer runs. */
function isDeadLocalWorker(workerID: string): boolean {
  const match = /^(.*)\/(\d+)-[0-9a-f]+$/.exec(workerID);
  if (!match || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process runs, as another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * The crash tests' hook: with `NODE_ENV=test` and `FORUM_TEST_CRASH_AFTER_JOB` naming a job, the process kills
 * itself right after that job's effect, before the job is marked done (as a power cut would).
 */
function crashHereInTests(name: string): void {
  if (process.env.NODE_ENV === "test" && process.env.FORUM_TEST_CRASH_AFTER_JOB === name)
    process.kill(process.pid, "SIGKILL");
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * The durable queue behind every side effect of a write. `enqueue` runs inside the write's transaction (the
 * job exists exactly when the write committed); every server process runs a worker (`start`) that claims due
 * jobs — `FOR UPDATE SKIP LOCKED` on PostgreSQL, so processes never run one job twice — runs them, retries
 * failures with exponential backoff and dead-letters them after `maxAttempts`. A claim is a lease: a job whose
 * process died is taken over when its lease ends.
 */
export class JobQueue {
  private readonly definitions = new Map<string, Definition>();
  private isOwnerActive: (owner: string) => boolean = () => true;
  /** `host/pid-random`: on SQLite, a starting process can tell which leases belong to a process that died. */
  private readonly workerID = `${hostname()}/${process.pid}-${randomBytes(4).toString("hex")}`;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private lastPrune = 0;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? (dialect === "sqlite" ? 1 : 4);
    this.leaseSeconds = options.leaseSeconds ?? 60;
  }

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  define<P>(name: string, handler: JobHandler<P>, options: JobOptions): void {
    if (this.definitions.has(name)) throw new Error(`The job "${name}" is already defined.`);
    this.definitions.set(name, {
      handler: handler as JobHandler<unknown>,
      owner: options.owner,
      maxAttempts: options.maxAttempts ?? 5,
      backoffSeconds: options.backoffSeconds ?? 10,
    });
  }

  /**
   * Adds a job, inside the caller's transaction. With `uniqueKey`, nothing is added while a job with that key
   * is waiting or running.
   */
  async enqueue(
    db: DbOrTx,
    name: string,
    payload: unknown,
    options: { runAt?: Date; uniqueKey?: string } = {},
  ): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job named "${name}" is defined.`);
    const now = iso(Date.now());
    await db
      .insertInto("jobs")
      .values({
        name,
        owner: definition.owner,
        payload: JSON.stringify(payload ?? null),
        status: "pending",
        attempts: 0,
        maxAttempts: definition.maxAttempts,
        runAt: options.runAt ? options.runAt.toISOString() : now,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        uniqueKey: options.uniqueKey ?? null,
        dateInserted: now,
        dateUpdated: now,
        dateCompleted: null,
      })
      .onConflict((conflict) => conflict.column("uniqueKey").doNothing())
      .execute();
    // Committed or not, the worker looks again now; an uncommitted job is simply not visible yet.
    setImmediate(() => this.wake());
  }

  /** The names this process can run now (defined here, owner running). */
  private runnableNames(): string[] {
    return [...this.definitions].filter(([, d]) => this.isOwnerActive(d.owner)).map(([name]) => name);
  }

  /** Claims up to `limit` due jobs for this process. */
  async claim(limit: number): Promise<JobRow[]> {
    const names = this.runnableNames();
    if (names.length === 0 || limit < 1) return [];
    const nowMs = Date.now();
    const now = iso(nowMs);
    const due = this.db
      .selectFrom("jobs")
      .select("jobID")
      .where("name", "in", names)
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "in", ["pending", "failed"]), eb("runAt", "<=", now)]),
          eb.and([eb("status", "=", "running"), eb("lockedUntil", "<", now)]),
        ]),
      )
      .orderBy("runAt")
      .orderBy("jobID")
      .limit(limit);
    const ids = this.dialect === "postgres" ? due.forUpdate().skipLocked() : due;
    return this.db
      .updateTable("jobs")
      .set({
        status: "running",
        lockedBy: this.workerID,
        lockedUntil: iso(nowMs + this.leaseSeconds * 1000),
        attempts: sql<number>`"attempts" + 1`,
        dateUpdated: now,
      })
      .where("jobID", "in", ids)
      .returningAll()
      .execute();
  }

  private readonly doneListeners: ((name: string, changed: readonly RecordName[]) => void)[] = [];

  /**
   * Tells `listener` of each job this process finished (what it wrote is committed) with the names of what it
   * changed (`content` when it named nothing, none when it said it changed nothing cached): caches drop theirs.
   */
  onDone(listener: (name: string, changed: readonly RecordName[]) => void): void {
    this.doneListeners.push(listener);
  }

  /** Runs one claimed job and records the outcome. */
  async run(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name);
    const finish = (values: Partial<Omit<JobRow, "jobID">>) =>
      this.db
        .updateTable("jobs")
        .set({ ...values, lockedBy: null, lockedUntil: null, dateUpdated: iso(Date.now()) })
        .where("jobID", "=", job.jobID)
        .where("lockedBy", "=", this.workerID)
        .execute();
    let changed: Set<RecordName> | null = null;
    try {
      if (!definition) throw new Error(`No job named "${job.name}" is defined in this process.`);
      await definition.handler(JSON.parse(job.payload) as unknown, {
        jobID: job.jobID,
        attempt: job.attempts,
        noteChanged: (...names) => {
          changed ??= new Set();
          for (const name of names) changed.add(name);
        },
      });
      crashHereInTests(job.name);
      await finish({ status: "done", dateCompleted: iso(Date.now()), uniqueKey: null, lastError: null });
      const names: readonly RecordName[] = changed ? [...changed] : [recordNames.content];
      for (const listener of this.doneListeners) listener(job.name, names);
    } catch (error) {
      const dead = job.attempts >= job.maxAttempts;
      const backoff = (definition?.backoffSeconds ?? 10) * 2 ** Math.max(0, job.attempts - 1);
      this.log.warn({ err: error, jobID: job.jobID }, `Job ${job.name} failed (attempt ${job.attempts}).`);
      await finish({
        status: dead ? "dead" : "failed",
        lastError: errorText(error),
        runAt: iso(Date.now() + backoff * 1000),
        ...(dead ? { uniqueKey: null } : {}),
      }).catch((finishError: unknown) =>
        this.log.error({ err: finishError }, "Could not record a job failure."),
      );
    }
  }

  /** Runs every due job until none is left (tests, the CLI). */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const jobs = await this.claim(this.concurrency);
      if (jobs.length === 0) return count;
      await Promise.all(jobs.map((job) => this.run(job)));
      count += jobs.length;
    }
  }

  private wake(): void {
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /**
   * On SQLite (one machine, usually one server process per file), takes back at once the jobs that a process of
   * this machine claimed and died holding, instead of waiting for their leases to end. A lease is only released
   * when its owner's process is gone: another live process on the same file (WAL) keeps its jobs. PostgreSQL
   * servers may run on several machines, so there a lease always runs its course.
   */
  async releaseLeasesOfDeadProcesses(): Promise<number> {
    if (this.dialect !== "sqlite") return 0;
    const owners = await this.db
      .selectFrom("jobs")
      .select("lockedBy")
      .distinct()
      .where("status", "=", "running")
      .where("lockedBy", "is not", null)
      .where("lockedBy", "!=", this.workerID)
      .execute();
    const dead = owners.flatMap(({ lockedBy }) =>
      lockedBy && isDeadLocalWorker(lockedBy) ? [lockedBy] : [],
    );
    if (dead.length === 0) return 0;
    const result = await this.db
      .updateTable("jobs")
      .set({
        status: "pending",
        lockedBy: null,
        lockedUntil: null,
        runAt: iso(Date.now()),
        dateUpdated: iso(Date.now()),
      })
      .where("status", "=", "running")
      .where("lockedBy", "in", dead)
      .executeTakeFirst();
    const released = Number(result.numUpdatedRows);
    this.log.warn(`Released ${released} job(s) claimed by a server process that is no longer running.`);
    return released;
  }

  /** Starts this process's worker loop. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      await this.releaseLeasesOfDeadProcesses().catch((error: unknown) =>
        this.log.error({ err: error }, "Could not release the jobs of a process that died."),
      );
      while (this.running) {
        try {
          const worked = await this.drain();
          await this.pruneOccasionally();
          if (worked === 0) await this.sleep(this.pollMs);
        } catch (error) {
          // A dropped database connection: wait and try again; the loop never ends on an error.
          this.log.error({ err: error }, "The job worker could not reach the database; retrying.");
          await this.sleep(Math.max(this.pollMs, 1000));
        }
      }
    })();
  }

  /** Stops claiming; resolves when the jobs in hand have finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  /** Finished jobs are kept a week for the dashboard, then removed. */
  private async pruneOccasionally(): Promise<void> {
    if (Date.now() - this.lastPrune < 10 * 60 * 1000) return;
    this.lastPrune = Date.now();
    await this.db
      .deleteFrom("jobs")
      .where("status", "=", "done")
      .where("dateCompleted", "<", iso(Date.now() - 7 * 24 * 3600 * 1000))
      .execute();
  }
}
