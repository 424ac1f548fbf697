import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { nowIso } from "@library/server/http/dates";
import { getLocalePreference } from "@library/server/i18n/readerLocale";
import { findEnabledLocale } from "@library/server/i18n/localeRegistry";
import { translatorFor } from "@library/server/i18n/translate";
import { queueMail } from "@library/server/mail/mailer";
import { mailColors, type MailColors } from "@library/server/mail/mailTheme";
import { signUnsubscribeToken } from "@library/server/mail/unsubscribeLinks";
import type { Viewer } from "@library/server/permissions/viewer";
import type { DbOrTx } from "@library/server/db/database";
import { digestContent, isEmptyDigest, type DigestContent, type DigestItem } from "./digestContent";
import { renderDigestMail, type DigestMail } from "./digestMail";
import type { DigestPeriod } from "./digestPeriods";
import "../tables";

/** What the unsubscribe token of a digest names (the signed `member.kind` of the notification mails). */
export const DIGEST_UNSUBSCRIBE_KIND = "Digest";

/** Where a member chooses their digest frequency. */
const PREFERENCES_PATH = "/profile/preferences";

/** A URL slug of a title, as the forum writes it (`/discussion/{id}/{slug}`). */
function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return encodeURIComponent(slug || "discussion");
}

export function unsubscribeDigestPath(token: string): string {
  return `/digests/unsubscribe/${token}`;
}

interface Recipient {
  email: string;
  locale: string;
}

async function recipientOf(context: AppContext, userID: number): Promise<Recipient | null> {
  const user = await context.db
    .selectFrom("users")
    .select(["email", "deleted", "banned"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (!user || user.deleted || user.banned || !user.email) return null;
  const chosen = await getLocalePreference(context.db, userID).catch(() => null);
  const siteLocale = context.settings.peek<string>("garden.locale");
  return { email: user.email, locale: findEnabledLocale(context, chosen)?.localeKey ?? siteLocale };
}

/**
 * The digest mail of a member, with a signed one-click unsubscribe link (made inside `db`'s transaction). The
 * theme's colours are read before the transaction: on SQLite a read outside it would wait for it.
 */
async function composeDigest(
  context: AppContext,
  db: DbOrTx,
  userID: number,
  recipient: Recipient,
  period: DigestPeriod,
  content: DigestContent,
  colors: MailColors,
  preview: boolean,
): Promise<{ mail: DigestMail; unsubscribeUrl: string }> {
  // SITE_URL, else the origin an administrator first opened the site on (mail links must be absolute).
  const siteUrl = context.origin.forMail();
  const token = await signUnsubscribeToken(db, { userID, activityType: DIGEST_UNSUBSCRIBE_KIND });
  const unsubscribeUrl = `${siteUrl}${unsubscribeDigestPath(token)}`;
  const mail = renderDigestMail({
    content,
    frequency: period.frequency,
    siteTitle: context.settings.peek<string>("garden.title"),
    colors,
    t: translatorFor(recipient.locale),
    preview,
    links: {
      siteUrl,
      discussionUrl: (item: DigestItem) => `${siteUrl}/discussion/${item.discussionID}/${slugOf(item.name)}`,
      unsubscribeUrl,
      preferencesUrl: `${siteUrl}${PREFERENCES_PATH}`,
    },
  });
  return { mail, unsubscribeUrl };
}

async function queueDigestMail(
  context: AppContext,
  db: DbOrTx,
  to: string,
  composed: { mail: DigestMail; unsubscribeUrl: string },
  smtpConfigured: boolean,
): Promise<number> {
  const mailID = await queueMail(db, {
    to,
    subject: composed.mail.subject,
    text: composed.mail.text,
    html: composed.mail.html,
    // Mail programs need an absolute address for their Unsubscribe button (SITE_URL set).
    unsubscribeUrl: /^https?:\/\//.test(composed.unsubscribeUrl) ? composed.unsubscribeUrl : null,
  });
  if (smtpConfigured) await context.mailer.enqueueSend(db, mailID);
  return mailID;
}

/**
 * One member's digest of one period (the `digests.member` job): nothing when they may no longer get it or
 * nothing is new; otherwise the claim row (member + period) and the mail are written in one transaction, so a job
 * run twice sends once. Answers the queued mail's id, or null.
 */
export async function sendMemberDigest(
  context: AppContext,
  userID: number,
  period: DigestPeriod,
): Promise<number | null> {
  const already = await context.db
    .selectFrom("digestSends")
    .select("mailID")
    .where("userID", "=", userID)
    .where("periodKey", "=", period.periodKey)
    .executeTakeFirst();
  if (already) return null;
  const [viewer, recipient] = await Promise.all([
    viewerForUser(context, userID),
    recipientOf(context, userID),
  ]);
  if (!viewer || !recipient) return null;
  const content = await digestContent(context, viewer, period);
  if (isEmptyDigest(content)) return null;
  const smtpConfigured = (await context.mailer.smtp()) !== null;
  const colors = await mailColors(context);
  return context.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("digestSends")
      .values({ userID, periodKey: period.periodKey, mailID: 0, dateSent: nowIso() })
      .onConflict((conflict) => conflict.columns(["userID", "periodKey"]).doNothing())
      .returning("userID")
      .executeTakeFirst();
    if (!claimed) return null;
    const composed = await composeDigest(context, trx, userID, recipient, period, content, colors, false);
    const mailID = await queueDigestMail(context, trx, recipient.email, composed, smtpConfigured);
    await trx
      .updateTable("digestSends")
      .set({ mailID })
      .where("userID", "=", userID)
      .where("periodKey", "=", period.periodKey)
      .execute();
    return mailID;
  });
}

/** A preview of the viewer's own digest of the period ending now, sent to them whatever is in it (no claim). */
export async function sendDigestPreview(
  context: AppContext,
  viewer: Viewer,
  period: DigestPeriod,
): Promise<{ mailID: number; to: string } | null> {
  const recipient = await recipientOf(context, viewer.userID);
  if (!recipient) return null;
  const content = await digestContent(context, viewer, period);
  const smtpConfigured = (await context.mailer.smtp()) !== null;
  const colors = await mailColors(context);
  const mailID = await context.db.transaction().execute(async (trx) => {
    const composed = await composeDigest(
      context,
      trx,
      viewer.userID,
      recipient,
      period,
      content,
      colors,
      true,
    );
    return queueDigestMail(context, trx, recipient.email, composed, smtpConfigured);
  });
  return { mailID, to: recipient.email };
}
