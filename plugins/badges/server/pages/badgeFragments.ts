import type { WidgetPropsMap } from "@forum/api/widgetProps";
import type { Translate } from "@library/server/i18n/translate";
import { timeTag } from "@library/server/pages/dateTags";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { Badge, BadgeRecipient } from "../../api/badgesApi";
import "../../api/badgesWidgets";

/** '1 point', '12 points'. */
export function pointsLabel(points: number, t: Translate): string {
  return points === 1 ? t("1 point") : t("{points} points").replace("{points}", String(points));
}

/** '1 holder', '12 holders'. */
export function holdersLabel(count: number, t: Translate): string {
  return count === 1 ? t("1 holder") : t("{count} holders").replace("{count}", String(count));
}

/** One badge as a card: icon, name (linking to its page), description and holder count. */
export function badgeCard(badge: Badge, t: Translate): SafeHtml {
  return html`<li class="badgeCard">
    <span class="badgeCard-icon" aria-hidden="true">${badge.icon}</span>
    <span class="badgeCard-text">
      <a class="badgeCard-name" href="${badge.url}">${badge.name}</a>
      <span class="badgeCard-description">${badge.description}</span>
      <span class="badgeCard-meta">${holdersLabel(badge.countRecipients, t)} · ${pointsLabel(badge.points, t)}</span>
    </span>
  </li>`;
}

export function badgeGrid(badges: readonly Badge[], t: Translate): SafeHtml {
  if (badges.length === 0) return html`<p class="emptyMessage">${t("No badges yet.")}</p>`;
  return html`<ul class="badgeGrid">${badges.map((badge) => badgeCard(badge, t))}</ul>`;
}

export function recipientList(recipients: readonly BadgeRecipient[], t: Translate): SafeHtml {
  if (recipients.length === 0)
    return html`<p class="emptyMessage">${t("Nobody has earned this badge yet.")}</p>`;
  return html`<ul class="badgeRecipients">${recipients.map(
    (recipient) => html`<li class="badgeRecipients-item">
      <img class="userPhoto userPhoto-small" src="${recipient.user.photoUrl}" alt="" width="32" height="32">
      <a class="badgeRecipients-name" href="${recipient.user.url}">${recipient.user.name}</a>
      ${timeTag(recipient.dateInserted)}
    </li>`,
  )}</ul>`;
}

/** The badges on a member's Profile tab (server page; the single-page app renders `ProfileBadges`). */
export function profileBadgesHtml(props: WidgetPropsMap["ProfileBadges"], t: Translate): SafeHtml {
  return html`<section class="profileSection profileBadges" aria-labelledby="profileBadges-title">
    <h2 class="profileSection-title" id="profileBadges-title">${t("Badges")}</h2>
    <ul class="profileBadges-list">${props.badges.map(
      (badge) =>
        html`<li class="profileBadges-item"><a class="profileBadges-link" href="${badge.url}" title="${badge.description}"><span aria-hidden="true">${badge.icon}</span> ${badge.name}</a></li>`,
    )}</ul>
  </section>`;
}

/** The leaderboard on the home page (server page; the single-page app renders `BadgesLeaderboard`). */
export function leaderboardHtml(props: WidgetPropsMap["BadgesLeaderboard"], t: Translate): SafeHtml {
  return html`<section class="homeWidget badgesLeaderboard" aria-labelledby="badgesLeaderboard-title">
    <h2 class="homeWidget-title" id="badgesLeaderboard-title">${t("Leaderboard")}</h2>
    <ol class="badgesLeaderboard-list">${props.entries.map(
      (entry) => html`<li class="badgesLeaderboard-item">
        <img class="userPhoto userPhoto-small" src="${entry.photoUrl}" alt="" width="32" height="32">
        <a class="badgesLeaderboard-name" href="${entry.url}">${entry.name}</a>
        <span class="badgesLeaderboard-points">${pointsLabel(entry.points, t)}</span>
      </li>`,
    )}</ol>
    <p class="homeWidget-more"><a href="/badges">${t("All Badges")}</a></p>
  </section>`;
}
