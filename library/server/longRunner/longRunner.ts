import type { LongRunnerResult } from "@forum/api/longRunner";
import { INVALID_CALLBACK_PAYLOAD, LONG_RUNNER_TIMEOUT_MAX } from "@forum/api/longRunner";
import type { AppContext } from "../app/appContext";
import { ClientError, ForbiddenError, HttpError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";
import type { Viewer } from "../permissions/viewer";
import {
  hasValidSignature,
  newCallbackSecret,
  newJobID,
  readCallbackClaims,
  signCallbackPayload,
} from "./callbackToken";
import "./longRunnerTables";

/** A callback payload is good for an hour (API.md 28, DECISION). */
export const CALLBACK_LIFETIME_SECONDS = 3600;
/** Ids asked of a query-driven job at a time. */
const ID_BATCH = 100;

/**
 * One kind of long-running work: a per-ID action run in rounds under a time budget (API.md 1.11, 28). A job
 * either has a fixed list of ids (a bulk call's) or asks `nextIDs` for more until none are left.
 */
export interface LongRunnerAction<Args> {
  /** Stored with an unfinished job to find this definition again on `POST /calls/run`. */
  name: string;
  /** What the audit log records for each id done: `discussions.move` on `discussion` #id. */
  audit: { eventType: string; recordType: string };
  /**
   * Whole-call checks, run before the first round and again before every continuation (permissions may have
   * changed meanwhile): throw to refuse the call. `pendingIDs` are the listed ids still to do.
   */
  authorize(context: AppContext, viewer: Viewer, args: Args, pendingIDs: readonly number[]): Promise<void>;
  /** For jobs without a fixed list: up to `limit` more ids, none of them in `skip` (the ones that failed). */
  nextIDs?(context: AppContext, args: Args, skip: readonly number[], limit: number): Promise<number[]>;
  /** How many ids the whole job has, when known at the start. */
  countTotal?(context: AppContext, args: Args): Promise<number>;
  /** The action on one id, in its own transaction; an HttpError it throws is that id's failure. */
  runItem?(context: AppContext, viewer: Viewer, args: Args, id: number): Promise<void>;
  /**
   * Instead of `runItem`: a whole batch of ids (up to `batchSize`) in one transaction, all or none. An error
   * here fails the call (the job ends; nothing of that batch is written), so a batch must be safe to run again
   * on ids that a previous run already did.
   */
  runBatch?(context: AppContext, viewer: Viewer, args: Args, ids: readonly number[]): Promise<void>;
  /** Ids per batch (default 100). */
  batchSize?: number;
  /** After the last id (e.g. deleting the category emptied): an error here fails the call. */
  finish?(context: AppContext, viewer: Viewer, args: Args, failedIDs: readonly number[]): Promise<void>;
}

interface JobState<Args> {
  args: Args;
  /** Listed ids not done yet; null for a query-driven job. */
  pending: number[] | null;
  /** Every id that failed so far (a query-driven job skips them). */
  failed: number[];
  countTotal: number | null;
  /** The budget the job was started with: continuations keep it unless they name their own. */
  timeoutSeconds?: number | undefined;
}

/** Who asks, how long they wait, and the request the audit log names. */
export interface LongRunnerCall {
  viewer: Viewer;
  /** `?longRunnerTimeout` in seconds (default and most 20). */
  timeoutSeconds?: number | undefined;
  method: string;
  path: string;
  ip: string | null;
}

export interface LongRunnerOutcome {
  /** 200 when finished, 408 when time ran out, else the highest per-item error code. */
  status: number;
  body: LongRunnerResult;
}

const actions = new Map<string, LongRunnerAction<never>>();

/** Makes an action continuable through `POST /calls/run` (once per name, at load time). */
export function defineLongRunnerAction<Args>(action: LongRunnerAction<Args>): LongRunnerAction<Args> {
  const known = actions.get(action.name);
  if (known && known !== (action as unknown as LongRunnerAction<never>))
    throw new Error(`The long-runner action "${action.name}" is already defined.`);
  actions.set(action.name, action);
  return action;
}

function failureOf(context: AppContext, error: unknown): { message: string; code: number } {
  if (error instanceof HttpError) return { message: error.message, code: error.status };
  context.log.error({ err: error }, "long runner: an item failed");
  return { message: "Something went wrong.", code: 500 };
}

function budgetOf(timeoutSeconds: number | undefined): number {
  const seconds = timeoutSeconds ?? LONG_RUNNER_TIMEOUT_MAX;
  return Math.min(Math.max(seconds, 0), LONG_RUNNER_TIMEOUT_MAX) * 1000;
}

/**
 * One round: runs ids until none are left or the budget is spent (at least one id per round, so every round
 * makes progress), then the action's `finish` when nothing is left.
 */
async function runRound<Args>(
  context: AppContext,
  viewer: Viewer,
  action: LongRunnerAction<Args>,
  state: JobState<Args>,
  budgetMs: number,
): Promise<{ body: LongRunnerResult["progress"]; done: boolean }> {
  const deadline = Date.now() + budgetMs;
  const successIDs: number[] = [];
  const failedIDs: number[] = [];
  const exceptionsByID: Record<string, { message: string; code: number }> = {};
  let processed = 0;
  const timeLeft = () => processed === 0 || Date.now() < deadline;
  let done = false;
  const batchSize = action.batchSize ?? ID_BATCH;
  while (timeLeft()) {
    const batch =
      state.pending !== null
        ? state.pending.slice(0, batchSize)
        : ((await action.nextIDs?.(context, state.args, state.failed, batchSize)) ?? []);
    if (batch.length === 0) {
      done = true;
      break;
    }
    if (action.runBatch) {
      await action.runBatch(context, viewer, state.args, batch);
      successIDs.push(...batch);
      processed += batch.length;
      if (state.pending !== null) {
        const doneIDs = new Set(batch);
        state.pending = state.pending.filter((pendingID) => !doneIDs.has(pendingID));
      }
      continue;
    }
    for (const id of batch) {
      if (!timeLeft()) break;
      try {
        if (!action.runItem) throw new Error(`The long-runner action "${action.name}" runs no items.`);
        await action.runItem(context, viewer, state.args, id);
        successIDs.push(id);
      } catch (error) {
        failedIDs.push(id);
        state.failed.push(id);
        exceptionsByID[String(id)] = failureOf(context, error);
      }
      processed += 1;
      if (state.pending !== null) state.pending = state.pending.filter((pendingID) => pendingID !== id);
    }
  }
  // A listed job is done with its last id; one fed by a query knows only when the query comes back empty.
  if (state.pending !== null && state.pending.length === 0) done = true;
  if (done) await action.finish?.(context, viewer, state.args, state.failed);
  return {
    body: { successIDs, failedIDs, exceptionsByID, countTotalIDs: state.countTotal },
    done,
  };
}

function outcomeOf(
  progress: LongRunnerResult["progress"],
  callbackPayload: string | null,
): LongRunnerOutcome {
  const failureCodes = Object.values(progress.exceptionsByID).map((exception) => exception.code);
  const status = failureCodes.length > 0 ? Math.max(...failureCodes) : callbackPayload !== null ? 408 : 200;
  const message =
    status === 200
      ? undefined
      : failureCodes.length > 0
        ? progress.failedIDs.length === 1
          ? (Object.values(progress.exceptionsByID)[0]?.message ?? "Some items failed.")
          : "Some items failed."
        : "Not finished yet: continue with the callback payload.";
  return {
    status,
    body: { progress, callbackPayload, ...(message !== undefined ? { message, status } : {}) },
  };
}

/** Every moderation write lands in the audit log: one entry per id this round changed. */
async function auditRound(
  context: AppContext,
  call: LongRunnerCall,
  audit: LongRunnerAction<unknown>["audit"],
  successIDs: readonly number[],
): Promise<void> {
  if (successIDs.length === 0 || call.viewer.isGuest) return;
  const dateInserted = nowIso();
  for (let index = 0; index < successIDs.length; index += ID_BATCH)
    await context.db
      .insertInto("auditLog")
      .values(
        successIDs.slice(index, index + ID_BATCH).map((recordID) => ({
          eventType: audit.eventType,
          method: call.method,
          path: call.path,
          recordType: audit.recordType,
          recordID,
          userID: call.viewer.userID,
          ipAddress: call.ip,
          status: 200,
          parentAuditLogID: null,
          requestPath: null,
          requestMethod: null,
          requestQuery: null,
          dateInserted,
        })),
      )
      .execute();
}

function expiry(): { iso: string; epoch: number } {
  const epoch = Math.floor(Date.now() / 1000) + CALLBACK_LIFETIME_SECONDS;
  return { iso: new Date(epoch * 1000).toISOString(), epoch };
}

/**
 * Starts a job: checks the whole call, runs the first round and, when work is left, keeps the job and answers
 * 408 with a signed `callbackPayload` for `POST /calls/run` (API.md 28).
 */
export async function startLongRunner<Args>(
  context: AppContext,
  call: LongRunnerCall,
  action: LongRunnerAction<Args>,
  args: Args,
  ids: readonly number[] | null,
): Promise<LongRunnerOutcome> {
  const { viewer } = call;
  const pending = ids === null ? null : [...new Set(ids)];
  await action.authorize(context, viewer, args, pending ?? []);
  const state: JobState<Args> = {
    args,
    pending,
    failed: [],
    countTotal: pending !== null ? pending.length : ((await action.countTotal?.(context, args)) ?? null),
    timeoutSeconds: call.timeoutSeconds,
  };
  const round = await runRound(context, viewer, action, state, budgetOf(call.timeoutSeconds));
  await auditRound(context, call, action.audit, round.body.successIDs);
  if (round.done) return outcomeOf(round.body, null);
  await context.db.deleteFrom("longRunnerJobs").where("dateExpires", "<", nowIso()).execute();
  const jobID = newJobID();
  const secret = newCallbackSecret();
  const expires = expiry();
  await context.db
    .insertInto("longRunnerJobs")
    .values({
      jobID,
      userID: viewer.userID,
      action: action.name,
      state: JSON.stringify(state),
      secret,
      dateInserted: nowIso(),
      dateExpires: expires.iso,
    })
    .execute();
  return outcomeOf(
    round.body,
    signCallbackPayload({ jti: jobID, sub: viewer.userID, exp: expires.epoch }, secret),
  );
}

/**
 * `POST /calls/run`: continues the job a payload names. The signature is checked with the job's own key, only
 * the member who started it may continue, the whole-call checks run again, and the key changes every round so
 * a payload runs one round only.
 */
export async function continueLongRunner(
  context: AppContext,
  call: LongRunnerCall,
  payload: string,
): Promise<LongRunnerOutcome> {
  const { viewer } = call;
  const claims = readCallbackClaims(payload);
  if (!claims) throw new ClientError(INVALID_CALLBACK_PAYLOAD);
  const job = await context.db
    .selectFrom("longRunnerJobs")
    .selectAll()
    .where("jobID", "=", claims.jti)
    .executeTakeFirst();
  if (!job || !hasValidSignature(payload, job.secret) || job.userID !== claims.sub)
    throw new ClientError(INVALID_CALLBACK_PAYLOAD);
  if (claims.exp * 1000 < Date.now() || job.dateExpires < nowIso()) {
    await context.db.deleteFrom("longRunnerJobs").where("jobID", "=", job.jobID).execute();
    throw new ClientError(INVALID_CALLBACK_PAYLOAD);
  }
  if (viewer.isGuest || viewer.userID !== job.userID)
    throw new ForbiddenError("Permission Problem", "Only the member who started this job may continue it.");
  const action = actions.get(job.action);
  if (!action) throw new ClientError(INVALID_CALLBACK_PAYLOAD);
  // Claim this round: the key rotates, so the same payload posted twice runs once.
  const secret = newCallbackSecret();
  const claimed = await context.db
    .updateTable("longRunnerJobs")
    .set({ secret })
    .where("jobID", "=", job.jobID)
    .where("secret", "=", job.secret)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new ClientError(INVALID_CALLBACK_PAYLOAD);
  const state = JSON.parse(job.state) as JobState<never>;
  let round: Awaited<ReturnType<typeof runRound>>;
  try {
    await action.authorize(context, viewer, state.args, state.pending ?? []);
    round = await runRound(
      context,
      viewer,
      action,
      state,
      budgetOf(call.timeoutSeconds ?? state.timeoutSeconds),
    );
  } catch (error) {
    await context.db.deleteFrom("longRunnerJobs").where("jobID", "=", job.jobID).execute();
    throw error;
  }
  await auditRound(context, call, action.audit, round.body.successIDs);
  if (round.done) {
    await context.db.deleteFrom("longRunnerJobs").where("jobID", "=", job.jobID).execute();
    return outcomeOf(round.body, null);
  }
  await context.db
    .updateTable("longRunnerJobs")
    .set({ state: JSON.stringify(state) })
    .where("jobID", "=", job.jobID)
    .execute();
  return outcomeOf(
    round.body,
    signCallbackPayload({ jti: job.jobID, sub: job.userID, exp: claims.exp }, secret),
  );
}
