import type { LayoutQuery, LayoutViewType } from "./layouts";
import { parsePostPagePath } from "./postPagePaths";

/**
 * Which layout a page address asks for. The server uses it to print the first layout into the page and the
 * client to ask for it, so both build exactly the same query (API.md 17: a mismatch means a double fetch).
 * Plain code, no dependencies: shared by both sides.
 */
export interface LayoutRoute {
  /** The `customLayout.*` flag that switches this route to the single-page app. */
  flag:
    | "customLayout.home"
    | "customLayout.discussionList"
    | "customLayout.categoryList"
    | "customLayout.post"
    | "customLayout.createPost";
  /** react-router path patterns of the route. */
  patterns: string[];
}

export const LAYOUT_ROUTES: Record<Exclude<LayoutViewType, "subcommunityHome">, LayoutRoute> = {
  home: { flag: "customLayout.home", patterns: ["/"] },
  discussionList: { flag: "customLayout.discussionList", patterns: ["/discussions"] },
  categoryList: { flag: "customLayout.categoryList", patterns: ["/categories"] },
  discussionCategoryPage: {
    flag: "customLayout.categoryList",
    patterns: ["/categories/:categoryID", "/categories/:categoryID/:page"],
  },
  post: {
    flag: "customLayout.post",
    patterns: [
      "/discussion/:discussionID",
      "/discussion/:discussionID/:slug",
      "/discussion/:discussionID/:slug/:page",
      "/discussion/comment/:commentID",
    ],
  },
  createPost: {
    flag: "customLayout.createPost",
    patterns: ["/post/discussion", "/post/:postType/:parentID"],
  },
};

const PAGE_SEGMENT = /^p(\d+)$/;

function pageOf(segment: string | undefined): string | null {
  if (segment === undefined) return "1";
  const match = PAGE_SEGMENT.exec(segment);
  return match?.[1] ?? null;
}

function searchParams(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, key) => {
    params[key] = value;
  });
  return params;
}

/** The layout query for a site-relative path and query string, or null when no layout route matches. */
export function layoutQueryForPath(pathname: string, search: string, locale: string): LayoutQuery | null {
  const segments = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  const base = { ...searchParams(search), locale, siteSectionID: "0" };
  const [first, second, third, fourth] = segments;
  // SPEC 2: the home page is the site section's (0: the whole site).
  if (segments.length === 0) {
    return { layoutViewType: "home", recordType: "siteSection", recordID: "0", params: base };
  }
  if (first === "discussions" && segments.length === 1) {
    return { layoutViewType: "discussionList", recordType: "global", recordID: "-1", params: base };
  }
  if (first === "categories" && segments.length === 1) {
    return { layoutViewType: "categoryList", recordType: "global", recordID: "-1", params: base };
  }
  if (first === "categories" && second && segments.length <= 3) {
    const page = pageOf(third);
    if (page === null) return null;
    return {
      layoutViewType: "discussionCategoryPage",
      recordType: "category",
      recordID: second,
      params: { ...base, categoryID: second, page },
    };
  }
  if (first === "discussion" && second === "comment" && third && segments.length === 3) {
    return {
      layoutViewType: "post",
      recordType: "comment",
      recordID: third,
      params: { ...base, commentID: third },
    };
  }
  if (first === "discussion" && second && /^\d+$/.test(second) && segments.length <= 4) {
    // /discussion/{id}/p2 has no slug; /discussion/{id}/{slug}/p2 has both.
    const pageSegment = fourth ?? (third && PAGE_SEGMENT.test(third) ? third : undefined);
    const page = pageOf(pageSegment);
    if (page === null) return null;
    return {
      layoutViewType: "post",
      recordType: "discussion",
      recordID: second,
      params: { ...base, discussionID: second, page },
    };
  }
  const created = first === "post" ? parsePostPagePath(pathname, search) : null;
  if (created?.kind === "create") {
    const { postType, parentRecordType, parentRecordID } = created;
    const params = { ...base, postType, ...(parentRecordID ? { parentRecordType, parentRecordID } : {}) };
    return {
      layoutViewType: "createPost",
      recordType: parentRecordID ? parentRecordType : "global",
      recordID: parentRecordID ?? "-1",
      params,
    };
  }
  return null;
}

/**
 * A layout query as a site section's page asks it (SPEC 2): its `siteSectionID` in the params and, for the home
 * page, its `subcommunityHome`. Without a section (null or 0) the query is kept.
 */
export function layoutQueryInSection(query: LayoutQuery, siteSectionID: number | null): LayoutQuery {
  if (!siteSectionID) return query;
  const id = String(siteSectionID);
  const params = { ...query.params, siteSectionID: id };
  return query.recordType === "siteSection"
    ? { ...query, layoutViewType: "subcommunityHome", recordID: id, params }
    : { ...query, params };
}
