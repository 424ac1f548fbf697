import type { Category } from "@forum/api/categories";
import type { DiscussionSort } from "@forum/api/discussions";
import type { DiscussionListFilters, LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { node } from "@library/server/pages/pageTree";
import { newDiscussionUrl } from "../pageParts/listFragments";
import {
  categoryTreeView,
  categoryView,
  discussionListView,
  type DiscussionListView,
  type ListPostFilter,
  type ListReadState,
} from "../pageParts/listViews";
import { listFilterNodes } from "./listFilterSlot";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";

export interface ListPageArgs {
  page: number;
  sort: DiscussionSort;
  readState?: ListReadState;
  /** `?type=…&statusID=…`, set by the controls of the `discussionList.filters` slot. */
  postFilter?: ListPostFilter;
}

export function listModule(
  view: DiscussionListView,
  listUrl: string,
  filters: DiscussionListFilters,
  extra: { title?: string; newDiscussionUrl?: string },
): LayoutNode<"DiscussionListModule"> {
  // Object.assign, not a leading spread with new fields (every list page): docs/performance.md.
  return node(
    "DiscussionListModule",
    Object.assign({}, extra, {
      discussions: view.discussions,
      apiParams: view.apiParams,
      paging: { page: view.page, limit: view.limit, ...(view.total !== undefined && { total: view.total }) },
      listUrl,
      filters,
    }),
  );
}

export function listFilters(
  request: PageTreeRequest,
  args: ListPageArgs,
  categoryID?: number,
): DiscussionListFilters {
  return {
    sort: args.sort,
    signedIn: !request.viewer.isGuest,
    ...(args.readState && { readState: args.readState }),
    ...(categoryID !== undefined && { categoryID }),
  };
}

export function pagePath(basePath: string, page: number): string {
  return page > 1 ? `${basePath}/p${page}` : basePath;
}

/** `/discussions` (layout `discussionList`): the recent discussions, 'New Discussion' for those who may post. */
export async function buildDiscussionListPage(
  context: AppContext,
  request: PageTreeRequest,
  args: ListPageArgs,
): Promise<BuiltPage> {
  const title = request.t("Recent Discussions");
  // SPEC 2: in a site section, its discussions (its category subtree), its folder in the list's links.
  const section = request.siteSection;
  const listUrl = section ? `/${section.slug}/discussions` : "/discussions";
  const scoped = section?.rootCategoryID
    ? { ...args, categoryID: section.rootCategoryID, includeChildCategories: true }
    : args;
  const [view, filterNodes] = await Promise.all([
    discussionListView(context, request.viewer, scoped),
    listFilterNodes(context, request.viewer, { listUrl, filter: args.postFilter ?? {} }),
  ]);
  if (args.page > 1 && view.discussions.length === 0) throw new NotFoundError("Page");
  const postUrl = newDiscussionUrl(request.viewer, request.viewer.has("discussions.add"), null);
  return builtPage(
    "discussionList",
    title,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          ...filterNodes,
          listModule(view, listUrl, listFilters(request, args), {
            title,
            ...(postUrl !== undefined && { newDiscussionUrl: postUrl }),
          }),
        ],
      }),
    ],
    { canonicalPath: pagePath(listUrl, args.page) },
  );
}

/** `/categories` (layout `categoryList`): the category tree. */
export async function buildCategoryListPage(
  context: AppContext,
  request: PageTreeRequest,
): Promise<BuiltPage> {
  const title = request.t("Categories");
  const section = request.siteSection;
  const categories = await categoryTreeView(context, request.viewer, section?.rootCategoryID ?? null);
  return builtPage(
    "categoryList",
    title,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [node("CategoriesWidget", { title, categories })],
      }),
    ],
    { canonicalPath: section ? `/${section.slug}/categories` : "/categories" },
  );
}

function findChildren(tree: Category[], categoryID: number): Category[] {
  for (const category of tree) {
    if (category.categoryID === categoryID) return category.children ?? [];
    const found = findChildren(category.children ?? [], categoryID);
    if (found.length > 0) return found;
  }
  return [];
}

function uniqueByUrl(crumbs: { name: string; url: string }[]) {
  return crumbs.filter((crumb, index) => crumbs.findIndex((other) => other.url === crumb.url) === index);
}

/**
 * `/categories/{id or urlcode}[/p{n}]` (layout `discussionCategoryPage`): breadcrumbs, the header, the
 * sub-categories, and the discussions unless the category only holds categories.
 */
export async function buildCategoryPage(
  context: AppContext,
  request: PageTreeRequest,
  args: ListPageArgs & { idOrCode: string },
): Promise<BuiltPage> {
  const { t, viewer } = request;
  const category = await categoryView(context, viewer, args.idOrCode);
  const [view, tree] = await Promise.all([
    discussionListView(context, viewer, { ...args, categoryID: category.categoryID }),
    category.countCategories > 0 ? categoryTreeView(context, viewer) : Promise.resolve([]),
  ]);
  if (args.page > 1 && view.discussions.length === 0) throw new NotFoundError("Page");
  const acceptsDiscussions = category.displayAs === "discussions" || category.displayAs === "flat";
  const canPost = category.permissions?.["discussions.add"] === true && acceptsDiscussions;
  const listsDiscussions = category.displayAs !== "categories" && category.displayAs !== "heading";
  const subcategories = findChildren(tree, category.categoryID);
  const basePath = `/categories/${category.urlcode}`;
  const filterNodes = listsDiscussions
    ? await listFilterNodes(context, viewer, {
        listUrl: basePath,
        categoryID: category.categoryID,
        filter: args.postFilter ?? {},
      })
    : [];
  const crumbs = uniqueByUrl([
    { name: t("Home"), url: "/" },
    ...(category.breadcrumbs ?? []).slice(1),
    { name: category.name, url: category.url },
  ]);
  return builtPage(
    "discussionCategoryPage",
    category.name,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("Breadcrumbs", { crumbs }),
          node("CategoryHeader", {
            category,
            canPost,
            ...(viewer.isGuest && acceptsDiscussions
              ? { newDiscussionUrl: newDiscussionUrl(viewer, false, category.categoryID) }
              : {}),
            ...(viewer.isGuest
              ? {}
              : {
                  follow: node("CategoryFollowButton", {
                    categoryID: category.categoryID,
                    followed: category.followed,
                  }),
                }),
          }),
          ...(subcategories.length > 0 ? [node("CategoriesWidget", { categories: subcategories })] : []),
          ...filterNodes,
          ...(listsDiscussions
            ? [listModule(view, basePath, listFilters(request, args, category.categoryID), {})]
            : []),
        ],
      }),
    ],
    {
      canonicalPath: pagePath(basePath, args.page),
      description: category.description ?? undefined,
      layoutRecord: {
        recordType: "category",
        recordID: category.categoryID,
        categoryID: category.categoryID,
      },
    },
  );
}
