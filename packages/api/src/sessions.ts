import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";

/** One signed-in browser of a member (`GET /sessions`): where and when, never the token. */
export const SessionSchema = Type.Object({
  /** Opaque id for `DELETE /sessions/{sessionID}`. */
  sessionID: Type.String(),
  dateInserted: Type.String(),
  dateLastSeen: Type.String(),
  dateExpires: Type.String(),
  userAgent: Nullable(Type.String()),
  ipAddress: Nullable(Type.String()),
  /** The session this request came with. */
  current: Type.Boolean(),
});
export type Session = Static<typeof SessionSchema>;

export const SessionIDParamsSchema = Type.Object({ sessionID: Type.String({ pattern: "^[0-9a-f]{16}$" }) });

/** `DELETE /sessions`: sign out everywhere else (or everywhere, with `includeCurrent`). */
export const SessionsDeleteQuerySchema = Type.Object({ includeCurrent: Type.Optional(Type.Boolean()) });
