import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** The public key of the captcha service the registration form shows with the `captcha` method. */
export const CAPTCHA_SITE_KEY_SETTING = "registration.captchaSiteKey";

/** SMTP settings the administrator sets on the Email screen; they take over from the server's environment. */
export const SMTP_SETTINGS = {
  host: "email.smtp.host",
  port: "email.smtp.port",
  user: "email.smtp.user",
  password: "email.smtp.password",
  from: "email.from",
} as const;

defineSetting({
  key: CAPTCHA_SITE_KEY_SETTING,
  schema: Type.String({ maxLength: 200 }),
  default: "",
  read: "public",
  write: "site.manage",
});
defineSetting({
  key: SMTP_SETTINGS.host,
  schema: Type.String({ maxLength: 255, pattern: "^[A-Za-z0-9.-]*$" }),
  default: "",
  read: "site.manage",
  write: "site.manage",
});
defineSetting({
  key: SMTP_SETTINGS.port,
  schema: Type.Integer({ minimum: 1, maximum: 65535 }),
  default: 587,
  read: "site.manage",
  write: "site.manage",
});
defineSetting({
  key: SMTP_SETTINGS.user,
  schema: Type.String({ maxLength: 255 }),
  default: "",
  read: "site.manage",
  write: "site.manage",
});
// Write-only: nobody reads the password back out of the API.
defineSetting({
  key: SMTP_SETTINGS.password,
  schema: Type.String({ maxLength: 255 }),
  default: "",
  read: "none",
  write: "site.manage",
});
defineSetting({
  key: SMTP_SETTINGS.from,
  schema: Type.Union([
    Type.Literal(""),
    Type.String({ pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", maxLength: 200 }),
  ]),
  default: "",
  read: "site.manage",
  write: "site.manage",
});
