import type { LayoutQuery, LayoutResponse } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { sectionBase, siteSections, withSectionLinks } from "@library/server/http/siteSections";
import { commentPermalinkTarget } from "../comments/commentPermalink";
import { parseCommentSort } from "../pageParts/discussionView";
import { parseDiscussionSort, parseListPostFilter, parseListReadState } from "../pageParts/listViews";
import type { BuiltPage, PageTreeRequest } from "./builtPage";
import { buildCreatePostPage, createPostPathOf } from "./createPostTree";
import { buildDiscussionPage } from "./discussionPageTree";
import { buildHomePage } from "./homePageTree";
import { withStoredLayout } from "../layouts/layoutResolution";
import { layoutPlacementRedirect } from "./sectionPlacement";
import { buildTagPage } from "../tags/tagPageTree";
import { parseTagIDParam } from "../tags/tagPages";
import { buildCategoryListPage, buildCategoryPage, buildDiscussionListPage } from "./listPageTrees";

/** The site section a layout query names (0: the site itself). */
function sectionIDOf(query: LayoutQuery): number {
  const raw = query.recordType === "siteSection" ? query.recordID : query.params.siteSectionID;
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
}

/** SPEC 2: the home page of a site section other than 0 is its `subcommunityHome`. */
function homeViewType(query: LayoutQuery): "home" | "subcommunityHome" {
  const section = query.recordType === "siteSection" ? query.recordID : query.params.siteSectionID;
  return section && section !== "0"
    ? "subcommunityHome"
    : query.layoutViewType === "subcommunityHome"
      ? "subcommunityHome"
      : "home";
}

function positiveInt(value: string | undefined, fallback: number): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : fallback;
}

/** A comment permalink's layout is a redirect to the page of the discussion holding the comment. */
async function commentRedirect(
  context: AppContext,
  request: PageTreeRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  const commentID = positiveInt(query.recordID, 0);
  const target = commentID
    ? await commentPermalinkTarget(context, request.viewer, commentID, {
        requested: query.params.replyDisplay,
        cookie: request.replyDisplayCookie,
        hasDraft: query.params.hasDraft === "true",
      })
    : null;
  if (!target) throw new NotFoundError("Comment");
  return { redirectTo: target, status: 302 };
}

function builtFor(context: AppContext, request: PageTreeRequest, query: LayoutQuery): Promise<BuiltPage> {
  const page = positiveInt(query.params.page, 1);
  switch (query.layoutViewType) {
    case "discussionList": {
      const args = {
        page,
        sort: parseDiscussionSort(query.params.sort),
        readState: parseListReadState(query.params.readState, request.viewer),
        postFilter: parseListPostFilter(query.params),
      };
      // `?tagID=` makes it the tag page.
      const tagID = parseTagIDParam(query.params.tagID);
      return tagID !== null
        ? buildTagPage(context, request, { ...args, tag: { tagID } })
        : buildDiscussionListPage(context, request, args);
    }
    case "categoryList":
      return buildCategoryListPage(context, request);
    case "discussionCategoryPage":
      return buildCategoryPage(context, request, {
        idOrCode: query.recordID,
        page,
        sort: parseDiscussionSort(query.params.sort),
        readState: parseListReadState(query.params.readState, request.viewer),
        postFilter: parseListPostFilter(query.params),
      });
    case "post":
      return buildDiscussionPage(context, request, {
        discussionID: positiveInt(query.recordID, 0),
        page,
        sort: parseCommentSort(query.params.sort),
        ...(query.params.replyDisplay !== undefined && { replyDisplay: query.params.replyDisplay }),
        ...(positiveInt(query.params.focus, 0) > 0 && { focusCommentID: positiveInt(query.params.focus, 0) }),
      });
    case "createPost":
      return buildCreatePostPage(context, request, createPostPathOf(query.params));
    case "home":
    case "subcommunityHome":
      return buildHomePage(context, request, homeViewType(query));
  }
}

/**
 * `GET /layouts/lookup-hydrate` (API.md 17): the page tree of the view type, built by the same builder as the
 * server-rendered page of that address.
 */
export async function pageTreeForQuery(
  context: AppContext,
  request: PageTreeRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  if (query.layoutViewType === "post" && query.recordType === "comment")
    return commentRedirect(context, request, query);
  const asked = sectionIDOf(query);
  const section = asked > 0 ? siteSections(context).byID(asked) : null;
  const scoped = section && !request.siteSection ? { ...request, siteSection: section } : request;
  // Through a section's folder, a discussion or category of another part is sent to its own address.
  const placed = await layoutPlacementRedirect(context, request.viewer, scoped.siteSection, query);
  if (placed !== null) return { redirectTo: placed, status: 302 };
  const layout = await withStoredLayout(context, scoped, query, await builtFor(context, scoped, query));
  // A section's pages link inside it (`/fr/…`).
  return withSectionLinks(layout, sectionBase(scoped.siteSection));
}
