import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** How many days an invitation link works. */
export const INVITATION_EXPIRY_SETTING = "registration.invitationExpiryDays";

defineSetting({
  key: INVITATION_EXPIRY_SETTING,
  schema: Type.Integer({ minimum: 1, maximum: 365 }),
  default: 7,
  read: "site.manage",
  write: "site.manage",
});
