import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";

/** API.md 1.11: at most this many seconds of work per request (LongRunner `TIMEOUT_MAX`). */
export const LONG_RUNNER_TIMEOUT_MAX = 20;

/** `?longRunnerMode` and `?longRunnerTimeout` of every bulk call (API.md 1.11). */
export const LongRunnerQuerySchema = Type.Object({
  /** Only `sync`: the web client never uses `async` (API.md 28), and neither does this server. */
  longRunnerMode: Type.Optional(Type.Literal("sync")),
  longRunnerTimeout: Type.Optional(Type.Number({ minimum: 0, maximum: LONG_RUNNER_TIMEOUT_MAX })),
});
export type LongRunnerQuery = Static<typeof LongRunnerQuerySchema>;

export const LongRunnerExceptionSchema = Type.Object({
  message: Type.String(),
  code: Type.Integer(),
});

/** LongRunnerResult (API.md 2.9). */
export const LongRunnerResultSchema = Type.Object({
  progress: Type.Object({
    successIDs: Type.Array(Type.Integer()),
    failedIDs: Type.Array(Type.Integer()),
    exceptionsByID: Type.Record(Type.String(), LongRunnerExceptionSchema),
    countTotalIDs: Type.Optional(Nullable(Type.Integer())),
  }),
  callbackPayload: Nullable(Type.String()),
  /** With a status of 400 or more: the API.md 1.9 message and status, so every error answer reads alike. */
  message: Type.Optional(Type.String()),
  status: Type.Optional(Type.Integer()),
});
export type LongRunnerResult = Static<typeof LongRunnerResultSchema>;

/** `POST /calls/run`: the body is the raw `callbackPayload` (Content-Type `application/system+jwt`). */
export const CALLBACK_CONTENT_TYPE = "application/system+jwt";
export const INVALID_CALLBACK_PAYLOAD = "Invalid or expired callback payload.";
