import type { Viewer } from "@library/server/permissions/viewer";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "knowledge.view": true;
    "knowledge.articles.add": true;
    "knowledge.articles.edit": true;
  }
}

/** Readers: knowledge bases, published articles, helpful votes. */
export const KB_VIEW = "knowledge.view";
/** Editors: new articles (and their own drafts). */
export const KB_ARTICLES_ADD = "knowledge.articles.add";
/** Editors: any article, drafts included, and revisions. */
export const KB_ARTICLES_EDIT = "knowledge.articles.edit";
/** Managers: knowledge bases and their categories (API.md 1.10's administrator settings). */
export const KB_MANAGE = "site.manage";

export function canEditArticles(viewer: Viewer): boolean {
  return viewer.has(KB_ARTICLES_EDIT);
}

/** Whether the viewer sees a draft: its author, and article editors. */
export function canSeeDraft(viewer: Viewer, insertUserID: number): boolean {
  return (
    canEditArticles(viewer) ||
    (!viewer.isGuest && viewer.userID === insertUserID && viewer.has(KB_ARTICLES_ADD))
  );
}
