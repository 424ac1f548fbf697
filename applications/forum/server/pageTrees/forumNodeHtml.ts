import { pluralText } from "@library/server/i18n/readerFormats";
import { formatText } from "@library/server/i18n/translate";
import type { NodeHtmlWriters } from "@library/server/pages/pageTreeHtml";
import { html, raw, widget } from "@library/server/pages/html";
import {
  breadcrumbs,
  commentHeading,
  pager,
  pagerLinks,
  postBody,
  timeTag,
  userLink,
  authorExtras,
  userPhoto,
} from "../pageParts/fragments";
import { discussionList, listFilterTabs, listQuery } from "../pageParts/discussionListFragments";
import { categoryList, newDiscussionButton, newDiscussionPath } from "../pageParts/listFragments";
import { tagLinksHtml } from "../tags/tagLinksHtml";
import { layoutWidgetHtml } from "./layoutWidgetHtml";

const COMMENT_SORT_LABELS = [
  ["dateInserted", "Oldest"],
  ["-dateInserted", "Newest"],
  ["-score", "Top"],
] as const;

/**
 * How the server writes each forum widget of a page tree. Posts, lists and headers are plain HTML (readable and
 * indexable without JavaScript); the widgets that need script are mount points around what readers without it
 * see. The single-page app renders the same nodes with the components registered under the same names.
 */
export const forumNodeHtml: NodeHtmlWriters = {
  ...layoutWidgetHtml,
  TitleBar: { html: () => html`` },
  SectionOneColumn: {
    html: ({ isNarrow, children }, { renderAll }) =>
      html`<section class="layoutSection layoutSection-oneColumn${isNarrow ? " isNarrow" : ""}">${renderAll(children)}</section>`,
  },
  Breadcrumbs: { html: ({ crumbs }, { t }) => breadcrumbs(crumbs, t) },

  OriginalPostAsset: {
    html: (props, { t, viewer, render, renderAll }) => {
      const { discussion } = props;
      return html`<article class="post post-discussion" id="Discussion_${discussion.discussionID}" aria-labelledby="Discussion_${discussion.discussionID}-title">
      <header class="post-header post-header-discussion">
        <h1 class="post-title" id="Discussion_${discussion.discussionID}-title" dir="auto">${discussion.name}</h1>
        ${render(props.bookmark)}
        ${render(props.options)}
      </header>
      <div class="post-meta">
        ${userPhoto(discussion.insertUser)}
        <div class="post-author">${userLink(discussion.insertUser, t, viewer)}${authorExtras(discussion.insertUser)}
          <a class="post-permalink" href="${discussion.url}">${timeTag(discussion.dateInserted)}</a>
          ${discussion.category ? html`<a class="post-category" href="${discussion.category.url}" dir="auto">${discussion.category.name}</a>` : ""}
          ${discussion.closed ? html`<span class="metaBadge">${t("Closed")}</span>` : ""}
          ${props.meta.length > 0 ? html`<span class="post-metaSlot">${renderAll(props.meta)}</span>` : ""}
        </div>
      </div>
      ${postBody(discussion.body)}
      ${render(props.signature)}
      ${render(props.reactions)}
      ${render(props.actions)}
      ${props.extraActions.length > 0 ? html`<div class="post-extraActions">${renderAll(props.extraActions)}</div>` : ""}
    </article>`;
    },
  },
  CommentThreadAsset: {
    html: (props, { t, render, renderAll }) => {
      if (props.comments.length === 0 && !props.pager) return html``;
      return html`<section class="commentList" aria-label="${t("Comments")}">
      ${
        props.totalComments > 0 || props.replyDisplay
          ? html`<div class="commentList-header">${props.totalComments > 0 ? commentHeading(props.totalComments, t) : ""}${render(props.replyDisplay)}${render(props.sort)}</div>`
          : ""
      }
      ${props.threaded ? html`<div class="commentThread">${renderAll(props.comments)}</div>` : renderAll(props.comments)}
      ${render(props.pager)}
    </section>`;
    },
  },
  CommentItem: {
    html: (props, { t, viewer, render, renderAll }) => {
      const { comment } = props;
      const divider = props.isFirstUnread
        ? html`<div class="unreadDivider" role="separator"><span class="unreadDivider-label">${t("New")}</span></div>`
        : "";
      return html`${divider}<article class="post post-comment${props.isFirstUnread ? " isFirstUnread" : ""}" id="Comment_${comment.commentID}" aria-label="${formatText(t("Comment by {name}"), { name: comment.insertUser?.name ?? t("Unknown") })}">
    <header class="post-header">
      ${userPhoto(comment.insertUser)}
      <div class="post-author">${userLink(comment.insertUser, t, viewer)}${authorExtras(comment.insertUser)}
        <a class="post-permalink" href="${comment.url}">${timeTag(comment.dateInserted)}</a>
      </div>
    </header>
    ${postBody(comment.body)}
    ${render(props.signature)}
    ${render(props.reactions)}
    ${render(props.actions)}
    ${props.extraActions.length > 0 ? html`<div class="post-extraActions">${renderAll(props.extraActions)}</div>` : ""}
  </article>${props.replies ? render(props.replies) : ""}`;
    },
  },
  CommentReplies: {
    html: ({ parentCommentID, toggle, items }, { t, render }) =>
      html`<div class="commentReplies">${render(toggle)}<ol class="commentReplies-list" id="Replies_${parentCommentID}" aria-label="${t("Replies")}">${items.map(
        (item) => html`<li class="commentReplies-item">${render(item)}</li>`,
      )}</ol></div>`,
  },
  CommentTombstone: {
    html: ({ commentID, replies }, { t, render }) =>
      html`<article class="post post-comment post-tombstone" id="Comment_${commentID}" aria-label="${t("Deleted comment")}"><p class="post-tombstoneText">${t("This comment was deleted.")}</p></article>${replies ? render(replies) : ""}`,
  },
  ThreadHole: {
    html: ({ reason, count, url }, { t }) =>
      html`<a class="threadHole" href="${url}">${
        reason === "depth"
          ? t("Continue this thread")
          : pluralText(t("{count, plural, one {Show # more reply} other {Show # more replies}}"), count, t)
      }</a>`,
  },
  ThreadToggle: { mount: { tag: "div", attributes: { class: "threadToggleWidget" } } },
  // Links that work without script (this page only); the page's script keeps the choice when one is pressed
  // (replyDisplayLinks), so no widget is mounted for two links.
  ReplyDisplaySwitch: {
    html: ({ replyDisplay, flatUrl, threadedUrl, signedIn }, { t }) => {
      const option = (display: "flat" | "threaded", url: string, label: string) =>
        html`<a class="replyDisplaySwitch-option" data-display="${display}" href="${url}"${replyDisplay === display ? raw(' aria-current="true"') : ""}>${label}</a>`;
      return html`<div class="replyDisplayWidget"><nav class="replyDisplaySwitch" aria-label="${t("Reply display")}" data-signed-in="${signedIn ? "true" : "false"}">${option("flat", flatUrl, t("Flat"))}${option("threaded", threadedUrl, t("Threaded"))}</nav></div>`;
    },
  },
  CreateCommentAsset: {
    html: (props, { t, render }) => {
      if (props.composer) return render(props.composer);
      if (props.signInUrl)
        return html`<p class="signInPrompt" id="create-comment"><a href="${props.signInUrl}">${t("Sign In")}</a> ${t("to comment.")}</p>`;
      if (props.closed)
        return html`<p class="signInPrompt" id="create-comment">${t("This discussion has been closed.")}</p>`;
      return html``;
    },
  },
  JumpToUnread: {
    html: ({ url, countUnread }, { t }) =>
      html`<p class="jumpToUnread"><a class="jumpToUnread-link" href="${url}">${t("Jump to first unread")}</a> <span class="jumpToUnread-count">${pluralText(t("{count, plural, one {# new} other {# new}}"), countUnread, t)}</span></p>`,
  },
  PostSignature: {
    html: ({ html: signature, hideMobile }) =>
      html`<div class="signature${hideMobile ? " signature-hideMobile" : ""}">${raw(signature)}</div>`,
  },

  BookmarkToggle: { mount: { tag: "span", attributes: { class: "bookmarkToggleWidget" } } },
  DiscussionOptionsMenu: { mount: { attributes: { class: "post-options" } } },
  ReactionsBar: { mount: { attributes: { class: "reactionsBarWidget" } } },
  PostActions: { mount: { attributes: { class: "postActions" } } },
  // A GET form that works without script; the page's script (commentSortSelect) hides 'Go' and loads the new
  // order as soon as it is chosen, so no widget is mounted for one select.
  CommentSort: {
    html: ({ sort, baseUrl }, { t }) => {
      const options: (readonly [string, string])[] = [...COMMENT_SORT_LABELS];
      // The trending order (SPEC 9) is reachable by URL only; it stays selectable while it is the current one.
      if (sort === "-experimentalTrending") options.push([sort, "Trending"]);
      const current = options.some(([value]) => value === sort) ? sort : "dateInserted";
      return html`<div class="commentSortWidget"><form method="get" action="${baseUrl}" class="commentSort" data-comment-sort data-base-url="${baseUrl}"><label for="commentSort" class="commentSort-label">${t("Sort by")}</label><select id="commentSort" class="commentSort-select" name="sort">${options.map(
        ([value, label]) =>
          html`<option value="${value}"${value === current ? raw(" selected") : ""}>${t(label)}</option>`,
      )}</select> <button type="submit" class="button" data-sort-go>${t("Go")}</button></form></div>`;
    },
  },
  DiscussionPager: {
    mount: { attributes: { class: "pagerWidget" } },
    fallback: ({ page, limit, total, baseUrl, query }, { t }) =>
      pagerLinks(page, limit, total, baseUrl, t, query),
  },
  CommentComposer: {
    mount: { attributes: { class: "commentComposer", id: "create-comment" } },
    fallback: (_props, { t }) => html`<p class="emptyMessage">${t("Loading…")}</p>`,
  },

  DiscussionListModule: {
    html: (props, { t, viewer }) => {
      const { page, limit } = props.paging;
      // Unknown total (unread/new filters): one more page is offered while this one is full.
      const total =
        props.paging.total ??
        (page - 1) * limit + props.discussions.length + (props.discussions.length >= limit ? 1 : 0);
      const query = props.filters ? listQuery(props.filters) : "";
      const header = props.title
        ? html`<div class="listPage-header"><h1 class="listPage-title">${props.title}</h1>${
            props.newDiscussionUrl ? newDiscussionButton(props.newDiscussionUrl, t) : ""
          }</div>`
        : "";
      const tabs = props.filters ? listFilterTabs(props.filters, props.listUrl, t) : "";
      const list = html`${discussionList(props.discussions, t, viewer)}${pager(page, limit, total, props.listUrl, t, query)}`;
      // Moderators of a listed discussion's category get the list as a widget: the bulk selection boxes, the
      // selection toast and its actions need script. The header and tabs stay the page's own.
      // (discussions.manage is discussions.edit with discussions.delete, as the client's permissions name it.)
      const manages = props.discussions.some((discussion) => {
        const category = { type: "category", id: discussion.categoryID };
        return viewer.has("discussions.edit", category) && viewer.has("discussions.delete", category);
      });
      if (!manages) return html`${header}${tabs}${list}`;
      const { discussions, apiParams, paging, listUrl } = props;
      return html`${header}${tabs}${widget("div", "DiscussionListModule", { discussions, apiParams, paging, listUrl }, list, { class: "discussionListMount" })}`;
    },
  },
  PostTags: { html: ({ tags }, { t }) => tagLinksHtml(tags, t) },
  MarkReadButton: { mount: { tag: "span", attributes: { class: "markReadWidget" } } },
  CategoriesWidget: {
    html: ({ title, categories }, { t }) =>
      html`${title ? html`<div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>` : ""}${categoryList(categories, t)}`,
  },
  CategoryFollowButton: { mount: { tag: "span", attributes: { class: "categoryFollowWidget" } } },
  CategoryHeader: {
    html: (
      { category, canPost, newDiscussionUrl, follow },
      { t, render },
    ) => html`<div class="listPage-header"><h1 class="listPage-title" dir="auto">${category.name}</h1><div class="listPage-actions">${render(follow)}${
      canPost
        ? newDiscussionButton(newDiscussionPath(category.categoryID), t)
        : newDiscussionUrl
          ? newDiscussionButton(newDiscussionUrl, t)
          : ""
    }</div></div>
      ${category.description ? html`<p class="listPage-description">${category.description}</p>` : ""}`,
  },
};
