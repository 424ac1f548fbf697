import type { Conversation, Message } from "../../api/conversationsApi";
import { hasProfile } from "@forum/api/guest";
import type { UserFragment } from "@forum/api/users";
import type { Translate } from "@library/server/i18n/translate";
import { timeTag } from "@library/server/pages/dateTags";
import { html, raw, type SafeHtml } from "@library/server/pages/html";

/**
 * A person's name linking to their profile; a placeholder ('Unknown', 'User Deleted': SPEC 3) has no profile and
 * is plain text.
 */
export function personName(user: UserFragment, t: Translate, className?: string): SafeHtml {
  const attribute = className ? html` class="${className}"` : html``;
  return hasProfile(user)
    ? html`<a${attribute} href="${user.url}" dir="auto">${user.name}</a>`
    : html`<span${attribute}>${t(user.name)}</span>`;
}

export function userPhoto(user: UserFragment | undefined): SafeHtml {
  return html`<img class="userPhoto userPhoto-medium" src="${user?.photoUrl ?? ""}" alt="" width="40" height="40" loading="lazy">`;
}

/** One row of the inbox: who wrote last and what, when, and how many are unread (marked for screen readers). */
export function conversationItem(conversation: Conversation, t: Translate): SafeHtml {
  const last = conversation.lastMessage;
  const other = conversation.participants.find((participant) => participant.user)?.user;
  // With more than one other person, say who wrote last.
  const author = conversation.countParticipants > 2 ? last?.insertUser : undefined;
  return html`<li class="conversationList-item${conversation.unread ? " isUnread" : ""}">
    ${userPhoto(last?.insertUser ?? other)}
    <div class="conversationList-main">
      <div class="conversationList-top">
        <span><a class="conversationList-name" href="${conversation.url}" dir="auto">${conversation.name}</a>${
          conversation.unread
            ? html`<span class="metaBadge conversationList-unread">${t("New")} (${conversation.countUnread})</span>`
            : ""
        }</span>
        <span class="conversationList-meta">${last ? timeTag(last.dateInserted) : timeTag(conversation.dateInserted)}</span>
      </div>
      <p class="conversationList-excerpt" dir="auto">${author ? html`<span class="conversationList-author">${author.name}:</span> ` : ""}${raw(conversation.body)}</p>
    </div>
  </li>`;
}

/** A message of a thread (its body is sanitised HTML rendered at write time). */
export function messageArticle(message: Message, t: Translate): SafeHtml {
  const user = message.insertUser;
  return html`<article class="post conversationMessage" id="Message_${message.messageID}">
    <div class="post-meta">
      ${userPhoto(user)}
      <div class="post-author">${user ? personName(user, t, "userName") : t("Unknown")}
        ${timeTag(message.dateInserted)}</div>
    </div>
    <div class="userContent" dir="auto">${raw(message.body)}</div>
  </article>`;
}

/** Previous / next links of a page list (`?page=N`). */
export function simplePager(
  basePath: string,
  page: number,
  hasNext: boolean,
  t: Translate,
  pageCount?: number,
): SafeHtml {
  if (page <= 1 && !hasNext) return html``;
  const link = (target: number) => (target > 1 ? `${basePath}?page=${target}` : basePath);
  return html`<nav class="pager" aria-label="${t("Pager")}">
    ${page > 1 ? html`<a class="pager-previous" rel="prev" href="${link(page - 1)}">${t("Previous Page")}</a>` : ""}
    ${pageCount ? html`<span class="pager-position">${page} / ${pageCount}</span>` : ""}
    ${hasNext ? html`<a class="pager-next" rel="next" href="${link(page + 1)}">${t("Next Page")}</a>` : ""}
  </nav>`;
}

export type FieldErrors = Record<string, string[]>;

export function errorList(errors: FieldErrors, field: string): SafeHtml {
  const messages = errors[field] ?? [];
  return messages.length > 0
    ? html`<ul class="formGroup-errors" role="alert">${messages.map((message) => html`<li>${message}</li>`)}</ul>`
    : html``;
}
