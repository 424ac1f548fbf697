import type { HydratedLayout, LayoutQuery, LayoutResponse } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import { commentPage } from "../comments/commentsQueries";
import { discussionUrl } from "../content/urls";
import { DISCUSSION_PAGE_LIMIT } from "../discussions/discussionPage";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { buildDiscussionView, parseCommentSort } from "../pages/discussionView";
import { categoryTreeView, categoryView, discussionListView, parseDiscussionSort } from "../pages/listViews";
import { postableCategories } from "../pages/postableCategories";
import { node, TITLE_BAR_NODE } from "./layoutNodes";

export interface HydrateRequest {
  viewer: Viewer;
  t: Translate;
  origin: string;
  /** Page address for sign-in targets. */
  currentUrl: string;
}

function positiveInt(value: string | undefined, fallback: number): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : fallback;
}

function layout(query: LayoutQuery, title: string, nodes: HydratedLayout["layout"]): HydratedLayout {
  return {
    layoutID: query.layoutViewType,
    layoutViewType: query.layoutViewType,
    title,
    layout: nodes,
    titleBar: TITLE_BAR_NODE,
  };
}

async function discussionListLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  const title = request.t("Recent Discussions");
  const view = await discussionListView(context, request.viewer, {
    page: positiveInt(query.params.page, 1),
    sort: parseDiscussionSort(query.params.sort),
  });
  return layout(query, title, [
    node("SectionOneColumn", {
      isNarrow: true,
      children: [
        node("DiscussionListModule", {
          title,
          discussions: view.discussions,
          apiParams: view.apiParams,
          paging: { page: view.page, limit: view.limit, total: view.total },
        }),
      ],
    }),
  ]);
}

async function categoryListLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  const title = request.t("Categories");
  const categories = await categoryTreeView(context, request.viewer);
  return layout(query, title, [
    node("SectionOneColumn", { isNarrow: true, children: [node("CategoriesWidget", { title, categories })] }),
  ]);
}

async function categoryPageLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  const category = await categoryView(context, request.viewer, query.recordID);
  const page = positiveInt(query.params.page, 1);
  const view = await discussionListView(context, request.viewer, {
    page,
    sort: parseDiscussionSort(query.params.sort),
    categoryID: category.categoryID,
  });
  return layout(query, category.name, [
    node("SectionOneColumn", {
      isNarrow: true,
      children: [
        node("Breadcrumbs", {
          crumbs: category.breadcrumbs ?? [
            { name: request.t("Home"), url: "/" },
            { name: category.name, url: category.url },
          ],
        }),
        node("CategoryHeader", { category }),
        node("DiscussionListModule", {
          discussions: view.discussions,
          apiParams: view.apiParams,
          paging: { page: view.page, limit: view.limit, total: view.total },
        }),
      ],
    }),
  ]);
}

async function postLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  if (query.recordType === "comment") {
    const commentID = positiveInt(query.recordID, 0);
    const location = commentID ? await commentPage(context.db, commentID, DISCUSSION_PAGE_LIMIT) : null;
    if (!location) throw new NotFoundError("Comment");
    const { row } = await getViewableDiscussion(context, request.viewer, location.discussionID);
    const base = discussionUrl(row.discussionID, row.name);
    return {
      redirectTo: `${location.page > 1 ? `${base}/p${location.page}` : base}#Comment_${commentID}`,
      status: 302,
    };
  }
  const page = positiveInt(query.params.page, 1);
  const view = await buildDiscussionView(
    context,
    request.viewer,
    request.origin,
    positiveInt(query.recordID, 0),
    page,
    parseCommentSort(query.params.sort),
  );
  if (page > view.pageCount) throw new NotFoundError("Page");
  const { discussion } = view;
  return layout(query, discussion.name, [
    node("SectionOneColumn", {
      isNarrow: true,
      children: [
        node("Breadcrumbs", { crumbs: discussion.breadcrumbs ?? [] }),
        node("OriginalPostAsset", {
          discussion,
          actions: node("PostActions", { ...view.discussionActions }),
          ...(view.options ? { options: node("DiscussionOptionsMenu", { ...view.options }) } : {}),
        }),
        node("CommentThreadAsset", {
          comments: view.comments,
          commentActions: view.commentActions.map((actions) => node("PostActions", { ...actions })),
          sort: node("CommentSort", { sort: view.sort, baseUrl: view.basePath }),
          pager: node("DiscussionPager", {
            page: view.page,
            limit: view.limit,
            total: view.totalComments,
            baseUrl: view.basePath,
          }),
          totalComments: view.totalComments,
        }),
        node(
          "CreateCommentAsset",
          view.composer.canComment
            ? { composer: node("CommentComposer", { ...view.composer }) }
            : request.viewer.isGuest
              ? { signInUrl: `/entry/signin?Target=${encodeURIComponent(request.currentUrl)}` }
              : {},
        ),
      ],
    }),
  ]);
}

async function createPostLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  const title = request.t("New Discussion");
  const categoryID = query.recordType === "category" ? positiveInt(query.recordID, 0) || null : null;
  const categories = await postableCategories(context, request.viewer);
  return layout(query, title, [
    node("SectionOneColumn", {
      isNarrow: true,
      children: [
        node("CreatePostFormAsset", { title, form: node("NewDiscussionForm", { categories, categoryID }) }),
      ],
    }),
  ]);
}

/** `GET /layouts/lookup-hydrate` (API.md 17): the built-in layout of each view type, filled with its data. */
export async function hydrateLayout(
  context: AppContext,
  request: HydrateRequest,
  query: LayoutQuery,
): Promise<LayoutResponse> {
  switch (query.layoutViewType) {
    case "discussionList":
      return discussionListLayout(context, request, query);
    case "categoryList":
      return categoryListLayout(context, request, query);
    case "discussionCategoryPage":
      return categoryPageLayout(context, request, query);
    case "post":
      return postLayout(context, request, query);
    case "createPost":
      return createPostLayout(context, request, query);
    case "home":
      throw new NotFoundError("Layout");
  }
}
