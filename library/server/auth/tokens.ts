import { createHash } from "node:crypto";

/** Tokens are stored only as their SHA-256, so a database leak does not leak live sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
