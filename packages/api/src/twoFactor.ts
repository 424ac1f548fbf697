import { Type, type Static } from "@sinclair/typebox";

/** `GET /users/me/two-factor`. */
export const TwoFactorStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  /** The site requires it of this member (administrators, when the setting is on). */
  required: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatusSchema>;

/** `POST /users/me/two-factor/setup`: the secret to enter in an authenticator app (or scan as `otpauthUrl`). */
export const TwoFactorSetupSchema = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() });
export type TwoFactorSetup = Static<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeBodySchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBodySchema>;

/** Recovery codes, shown once. */
export const RecoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;
