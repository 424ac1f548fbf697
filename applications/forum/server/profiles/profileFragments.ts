import type { Comment } from "@forum/api/comments";
import type { User } from "@forum/api/users";
import type { Translate } from "@library/server/i18n/translate";
import { html, raw, widget, type SafeHtml } from "@library/server/pages/html";
import { pager, pageUrl, postBody, timeTag } from "../pageParts/fragments";
import type { ActivityItem, ProfileListPage, ReceivedReaction } from "./profileViews";

export type ProfileSection = "" | "discussions" | "comments" | "reactions";

/** `/profile/{section}/{username}` with the name escaped, so slashes and ampersands survive (SPEC 2). */
export function profilePath(name: string, section: ProfileSection = ""): string {
  const encoded = encodeURIComponent(name);
  return section === "" ? `/profile/${encoded}` : `/profile/${section}/${encoded}`;
}

function countLabel(count: number): string {
  return count.toLocaleString("en-US");
}

/**
 * Photo (generic avatar when missing; the page script swaps it in on load errors too), name, title, rank label,
 * and the 'Banned' label for moderators.
 */
function identity(user: User, showBanned: boolean, t: Translate): SafeHtml {
  return html`<img class="userPhoto userPhoto-large" src="${user.photoUrl}" alt="" width="100" height="100">
    <div class="profileHeader-identity">
      <h1 class="profileHeader-name" dir="auto">${user.name}${showBanned ? html` ${bannedLabel(user, t)}` : ""}</h1>
      ${user.title ? html`<p class="profileHeader-title">${user.title}</p>` : ""}
      ${user.labelHtml ? html`<span class="profileHeader-label">${raw(user.labelHtml)}</span>` : user.label ? html`<span class="profileHeader-label">${user.label}</span>` : ""}
    </div>`;
}

/** The moderators' 'Banned' label, a widget so that a ban set or lifted on the page shows at once. */
function bannedLabel(user: User, t: Translate): SafeHtml {
  const fallback =
    user.banned === 1
      ? html`<span class="metaBadge metaBadge-danger profileHeader-banned">${t("Banned")}</span>`
      : "";
  return widget(
    "span",
    "ProfileBannedLabel",
    { userID: user.userID, banned: user.banned === 1 },
    html`${fallback}`,
  );
}

function stat(term: string, value: SafeHtml | string): SafeHtml {
  return html`<div class="profileStats-item"><dt>${term}</dt><dd>${value}</dd></div>`;
}

/** Counts (linking to the lists), joined and last-active dates, and the email when the view carries it. */
function stats(user: User, t: Translate): SafeHtml {
  return html`<dl class="profileStats">
    ${stat(t("Discussions"), html`<a href="${profilePath(user.name, "discussions")}">${countLabel(user.countDiscussions ?? 0)}</a>`)}
    ${stat(t("Comments"), html`<a href="${profilePath(user.name, "comments")}">${countLabel(user.countComments ?? 0)}</a>`)}
    ${user.dateInserted ? stat(t("Joined"), timeTag(user.dateInserted)) : ""}
    ${user.dateLastActive ? stat(t("Last Active"), timeTag(user.dateLastActive)) : ""}
    ${user.email ? stat(t("Email"), html`<a href="mailto:${user.email}">${user.email}</a>`) : ""}
  </dl>`;
}

/** SPEC 5: the restricted card of a private (or banned, with ui.bannedPrivateProfile) member. */
function restrictedNotice(user: User, t: Translate): SafeHtml {
  const banned = user.banned === 1;
  return html`<p class="profileRestricted" role="status">
    <span class="metaBadge">${banned ? t("Banned") : t("Private")}</span>
    ${banned ? t("This user has been banned.") : t("This user's profile is private.")}
  </p>`;
}

export interface ProfileHeaderOptions {
  restricted: boolean;
  isSelf: boolean;
  /** The `profile.actions` slot's widgets (another member's profile), already written. */
  actions: SafeHtml;
  /** Moderators see that a member is banned. */
  showBanned: boolean;
}

function headerActions(user: User, options: ProfileHeaderOptions, t: Translate): SafeHtml {
  // Moderators: Ban or Unban (it needs script; without it, the dashboard's members section bans).
  const moderation = options.showBanned
    ? widget(
        "div",
        "ProfileBanControl",
        { userID: user.userID, name: user.name, banned: user.banned === 1 },
        html``,
      )
    : "";
  if (options.isSelf)
    return html`<div class="profileHeader-actions">
      <a class="button" href="/discussions/bookmarked">${t("Bookmarks")}</a>
      <a class="button profileHeader-edit" href="/profile/edit">${t("Edit Profile")}</a>
    </div>`;
  const contributed = String(options.actions).trim() !== "";
  if (contributed || moderation)
    return html`<div class="profileHeader-actions">
      ${options.actions}
      ${moderation}
    </div>`;
  return html``;
}

export function profileHeader(user: User, options: ProfileHeaderOptions, t: Translate): SafeHtml {
  return html`<header class="profileHeader">
    ${identity(user, options.showBanned, t)}
    ${headerActions(user, options, t)}
  </header>
  ${options.restricted ? restrictedNotice(user, t) : stats(user, t)}`;
}

const TABS: readonly { section: ProfileSection; label: string }[] = [
  { section: "", label: "Profile" },
  { section: "discussions", label: "Discussions" },
  { section: "comments", label: "Comments" },
  { section: "reactions", label: "Reactions" },
];

/** The profile's sections as links, the current one marked. */
export function profileTabs(user: User, current: ProfileSection, t: Translate): SafeHtml {
  return html`<nav class="profileTabs" aria-label="${t("Profile")}"><ul class="profileTabs-list">${TABS.map(
    (tab) =>
      html`<li class="profileTabs-item"><a class="profileTabs-link${tab.section === current ? " isCurrent" : ""}" href="${profilePath(user.name, tab.section)}"${tab.section === current ? raw(' aria-current="page"') : ""}>${t(tab.label)}</a></li>`,
  )}</ul></nav>`;
}

/**
 * The pager of a member's list: the usual pager when the total is known; otherwise Previous/Next links,
 * Next while the page is full.
 */
export function profilePager(list: ProfileListPage<unknown>, baseUrl: string, t: Translate): SafeHtml {
  if (list.total !== undefined) return pager(list.page, list.limit, list.total, baseUrl, t);
  const hasNext = list.items.length >= list.limit;
  if (list.page === 1 && !hasNext) return html``;
  return html`<nav class="pager" aria-label="${t("Pagination")}">
    ${list.page > 1 ? html`<a class="pager-link" rel="prev" href="${pageUrl(baseUrl, list.page - 1)}">${t("Previous Page")}</a>` : ""}
    ${hasNext ? html`<a class="pager-link" rel="next" href="${pageUrl(baseUrl, list.page + 1)}">${t("Next Page")}</a>` : ""}
  </nav>`;
}

export function profileCommentList(comments: readonly Comment[], t: Translate): SafeHtml {
  if (comments.length === 0) return html`<p class="emptyMessage">${t("No comments were found.")}</p>`;
  return html`<ul class="profileCommentList">${comments.map(
    (comment) => html`<li class="profileCommentList-item" id="Comment_${comment.commentID}">
      <h3 class="profileCommentList-title"><a href="${comment.url}" dir="auto">${comment.name}</a></h3>
      ${postBody(comment.body)}
      <div class="profileCommentList-meta">${timeTag(comment.dateInserted)}</div>
    </li>`,
  )}</ul>`;
}

/** Reactions received, one row per type, each linking to `/profile/reactions/{name}?reaction={urlcode}`. */
export function profileReactionList(
  name: string,
  reactions: readonly ReceivedReaction[],
  current: string | undefined,
  t: Translate,
): SafeHtml {
  const base = profilePath(name, "reactions");
  return html`<ul class="profileReactionList">${reactions.map((reaction) => {
    const isCurrent = current !== undefined && reaction.urlcode.toLowerCase() === current.toLowerCase();
    return html`<li class="profileReactionList-item"><a class="profileReactionList-link" href="${base}?reaction=${encodeURIComponent(reaction.urlcode)}"${isCurrent ? raw(' aria-current="true"') : ""}>${t(reaction.name)}</a>
      <span class="profileReactionList-count">${countLabel(reaction.count)}</span></li>`;
  })}</ul>
  ${current !== undefined ? html`<p><a href="${base}">${t("All Reactions")}</a></p>` : ""}`;
}

/** The member's About text as paragraphs (plain text, escaped; blank lines separate paragraphs). */
function aboutSection(about: string | null | undefined, t: Translate): SafeHtml {
  if (!about) return html``;
  const paragraphs = about
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return html`<section class="profileSection profileAbout" aria-labelledby="profileAbout-title">
    <h2 class="profileSection-title" id="profileAbout-title">${t("About")}</h2>
    ${paragraphs.map((paragraph) => html`<p class="profileAbout-text">${paragraph}</p>`)}
  </section>`;
}

/** The Profile tab: the About text, recent activity (newest first) and the reactions received, each linking on. */
export function profileOverview(
  user: Pick<User, "name" | "about">,
  activity: readonly ActivityItem[],
  reactions: readonly ReceivedReaction[],
  t: Translate,
): SafeHtml {
  const { name } = user;
  const received = reactions.filter((reaction) => reaction.count > 0);
  return html`${aboutSection(user.about, t)}<section class="profileSection" aria-labelledby="profileActivity-title">
      <h2 class="profileSection-title" id="profileActivity-title">${t("Recent Activity")}</h2>
      ${
        activity.length === 0
          ? html`<p class="emptyMessage">${t("No activity yet.")}</p>`
          : html`<ul class="cardList profileActivity">${activity.map(
              (item) => html`<li class="profileActivity-item">
                <span class="profileActivity-kind">${item.kind === "discussion" ? t("Started a discussion") : t("Commented on")}</span>
                <a class="profileActivity-link" href="${item.url}" dir="auto">${item.name}</a>
                ${item.excerpt ? html`<p class="profileActivity-excerpt" dir="auto">${item.excerpt}</p>` : ""}
                <div class="profileActivity-meta">${timeTag(item.dateInserted)}</div>
              </li>`,
            )}</ul>`
      }
    </section>
    ${
      received.length === 0
        ? ""
        : html`<section class="profileSection" aria-labelledby="profileReactions-title">
            <h2 class="profileSection-title" id="profileReactions-title">${t("Reactions Received")}</h2>
            ${profileReactionList(name, received, undefined, t)}
          </section>`
    }`;
}
