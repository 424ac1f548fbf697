import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The claims of a callback payload: which job, whose, until when (seconds since the epoch). */
export interface CallbackClaims {
  jti: string;
  sub: number;
  exp: number;
}

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString("base64url");
}

function signature(unsigned: string, secret: string): string {
  return createHmac("sha256", secret).update(unsigned).digest("base64url");
}

/** A fresh signing key: each round of a job gets its own, so an earlier payload cannot run the job twice. */
export function newCallbackSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function newJobID(): string {
  return randomBytes(16).toString("hex");
}

/** An HS256 JSON Web Token over the claims (API.md 28). */
export function signCallbackPayload(claims: CallbackClaims, secret: string): string {
  const unsigned = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${signature(unsigned, secret)}`;
}

/**
 * The claims as written, before the signature is checked (the job they name holds the key): null when the
 * payload is not a token of ours at all.
 */
export function readCallbackClaims(payload: string): CallbackClaims | null {
  const parts = payload.trim().split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8")) as unknown;
    if (typeof claims !== "object" || claims === null) return null;
    const { jti, sub, exp } = claims as Record<string, unknown>;
    if (typeof jti !== "string" || !/^[0-9a-f]{32}$/.test(jti)) return null;
    if (typeof sub !== "number" || !Number.isInteger(sub) || typeof exp !== "number") return null;
    return { jti, sub, exp };
  } catch {
    return null;
  }
}

/** Whether the payload was signed with this key (constant-time comparison). */
export function hasValidSignature(payload: string, secret: string): boolean {
  const parts = payload.trim().split(".");
  if (parts.length !== 3) return false;
  const expected = Buffer.from(signature(`${parts[0]}.${parts[1]}`, secret));
  const actual = Buffer.from(parts[2] ?? "");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
