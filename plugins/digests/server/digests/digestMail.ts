import type { Translate } from "@library/server/i18n/translate";
import { formatText } from "@library/server/i18n/translate";
import { pluralText } from "@library/server/i18n/readerFormats";
import type { MailColors } from "@library/server/mail/mailTheme";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { DigestContent, DigestItem } from "./digestContent";
import type { DigestFrequency } from "./digestPeriods";

/** Where a digest's links lead (absolute when the site's address is known). */
export interface DigestLinks {
  siteUrl: string;
  discussionUrl(item: DigestItem): string;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/** What happened in a discussion during the period, in the reader's language. */
function activityLine(item: DigestItem, t: Translate): string {
  const parts: string[] = [];
  if (item.isNew) parts.push(t("New discussion"));
  if (item.newComments > 0)
    parts.push(
      pluralText(t("{count, plural, one {# new comment} other {# new comments}}"), item.newComments, t),
    );
  if (item.newReactions > 0)
    parts.push(
      pluralText(t("{count, plural, one {# new reaction} other {# new reactions}}"), item.newReactions, t),
    );
  return [item.categoryName, ...parts].filter(Boolean).join(" · ");
}

function sectionsOf(content: DigestContent, t: Translate): { title: string; items: DigestItem[] }[] {
  return [
    { title: t("New in what you follow"), items: content.followed },
    { title: t("Popular discussions"), items: content.popular },
  ].filter((section) => section.items.length > 0);
}

/**
 * A member's digest: the subject, the plain-text part and the HTML part in the site theme's colours, in the
 * member's language, with the one-click unsubscribe link at the foot of both parts.
 */
export function renderDigestMail(options: {
  content: DigestContent;
  frequency: DigestFrequency;
  siteTitle: string;
  links: DigestLinks;
  colors: MailColors;
  t: Translate;
  preview?: boolean;
}): DigestMail {
  const { content, frequency, siteTitle, links, colors, t } = options;
  const heading = formatText(
    frequency === "weekly" ? t("Your weekly digest from {site}") : t("Your daily digest from {site}"),
    { site: siteTitle },
  );
  const subject = options.preview ? `${t("Preview")}: ${heading}` : heading;
  const sections = sectionsOf(content, t);
  const empty = t("Nothing new since the last digest.");
  const why = t("You get this email because digests are on for your account.");
  const stop = t("Stop digest emails");
  const settings = t("Digest settings");

  const text = [
    heading,
    "",
    ...(sections.length === 0 ? [empty, ""] : []),
    ...sections.flatMap((section) => [
      section.title,
      "",
      ...section.items.flatMap((item) => [item.name, activityLine(item, t), links.discussionUrl(item), ""]),
    ]),
    "-- ",
    why,
    `${stop}: ${links.unsubscribeUrl}`,
    `${settings}: ${links.preferencesUrl}`,
    "",
  ].join("\n");

  const itemHtml = (item: DigestItem): SafeHtml => html`<tr>
    <td style="padding:12px 0;border-top:1px solid ${colors.border}">
      <a href="${links.discussionUrl(item)}" style="color:${colors.link};font-size:16px;font-weight:600;text-decoration:none">${item.name}</a>
      <div style="color:${colors.muted};font-size:13px;margin-top:4px">${activityLine(item, t)}</div>
    </td>
  </tr>`;
  const sectionHtml = (section: { title: string; items: DigestItem[] }): SafeHtml => html`<tr>
      <td style="padding:20px 24px 0">
        <h2 style="margin:0 0 4px;font-size:15px;color:${colors.text};text-transform:uppercase;letter-spacing:.04em">${section.title}</h2>
        <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse">
          ${section.items.map(itemHtml)}
        </table>
      </td>
    </tr>`;
  const body = html`<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${subject}</title>
  </head>
  <body style="margin:0;padding:0;background:${colors.page};color:${colors.text};font-family:'Open Sans',Helvetica,Arial,sans-serif">
    <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${colors.page}">
      <tr>
        <td align="center" style="padding:24px 12px">
          <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:${colors.background};border:1px solid ${colors.border};border-radius:8px;overflow:hidden">
            <tr>
              <td style="background:${colors.primary};color:${colors.primaryContrast};padding:20px 24px">
                <a href="${links.siteUrl || "/"}" style="color:${colors.primaryContrast};text-decoration:none;font-size:13px;opacity:.9">${siteTitle}</a>
                <h1 style="margin:6px 0 0;font-size:22px;line-height:1.3">${heading}</h1>
              </td>
            </tr>
            ${sections.length === 0 ? html`<tr><td style="padding:20px 24px">${empty}</td></tr>` : sections.map(sectionHtml)}
            <tr>
              <td style="padding:24px;color:${colors.muted};font-size:12px;line-height:1.6">
                ${why}<br />
                <a href="${links.unsubscribeUrl}" style="color:${colors.link}">${stop}</a>
                · <a href="${links.preferencesUrl}" style="color:${colors.link}">${settings}</a>
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>`;
  return { subject, text, html: body.value };
}
