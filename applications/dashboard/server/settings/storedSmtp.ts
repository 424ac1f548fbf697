import type { SmtpOptions } from "@library/server/mail/mailer";
import type { SettingsStore } from "@library/server/settings/settingsStore";
import { SMTP_SETTINGS } from "./siteSettingsDeclarations";

/** The SMTP server set on the Email screen, or null while its host is empty (the environment's then applies). */
export async function storedSmtp(settings: SettingsStore): Promise<SmtpOptions | null> {
  const host = await settings.get<string>(SMTP_SETTINGS.host);
  if (!host) return null;
  const user = settings.peek<string>(SMTP_SETTINGS.user);
  const password = settings.peek<string>(SMTP_SETTINGS.password);
  const from = settings.peek<string>(SMTP_SETTINGS.from);
  return {
    host,
    port: settings.peek<number>(SMTP_SETTINGS.port),
    user: user || null,
    password: password || null,
    from: from || `forum@${host}`,
  };
}
