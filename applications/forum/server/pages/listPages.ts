import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { parsePageSegment } from "./discussionView";
import { breadcrumbs, discussionList, pager } from "./fragments";
import { categoryList, newDiscussionButton } from "./listFragments";
import { categoryTreeView, categoryView, discussionListView, parseDiscussionSort } from "./listViews";
import { sendLayoutPageIfEnabled } from "./layoutShell";

type ListRequest = FastifyRequest<{
  Params: { page?: string; category?: string };
  Querystring: { sort?: string; page?: string };
}>;

function requestedPage(request: ListRequest): number | null {
  if (request.params.page !== undefined) return parsePageSegment(request.params.page);
  const query = request.query.page;
  return query && /^\d{1,6}$/.test(query) ? Math.max(1, Number(query)) : 1;
}

/** `/discussions` (recent discussions), `/categories` (the tree) and `/categories/{id}[/p{page}]`. */
export function listPageRoutes(app: FastifyInstance, context: AppContext): void {
  const recent = async (request: ListRequest, reply: FastifyReply) => {
    const { t } = request;
    const page = requestedPage(request);
    if (page === null) return sendErrorPage(context.pages, request, reply, 404);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.discussionList")) return reply;
    const sort = parseDiscussionSort(request.query.sort);
    const view = await discussionListView(context, request.viewer, { page, sort });
    if (page > 1 && view.discussions.length === 0) return sendErrorPage(context.pages, request, reply, 404);
    const query = sort === "-dateLastComment" ? "" : `?sort=${encodeURIComponent(sort)}`;
    const body = html`<div class="listPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Recent Discussions")}</h1>
        ${request.viewer.has("discussions.add") ? newDiscussionButton(null, t) : ""}</div>
      ${discussionList(view.discussions, t, request.viewer)}
      ${pager(view.page, view.limit, view.total, "/discussions", t, query)}
    </div>`;
    return context.pages.send(request, reply, {
      title: t("Recent Discussions"),
      body,
      canonicalPath: page > 1 ? `/discussions/p${page}` : "/discussions",
    });
  };
  app.get("/discussions", recent);
  app.get("/discussions/:page", recent);

  app.get("/categories", async (request: ListRequest, reply) => {
    const { t } = request;
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.categoryList")) return reply;
    const categories = await categoryTreeView(context, request.viewer);
    const body = html`<div class="listPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Categories")}</h1></div>
      ${categoryList(categories, t)}
    </div>`;
    return context.pages.send(request, reply, { title: t("Categories"), body, canonicalPath: "/categories" });
  });

  const category = async (request: ListRequest, reply: FastifyReply) => {
    const { t } = request;
    const page = requestedPage(request);
    const idOrCode = request.params.category ?? "";
    if (page === null || idOrCode.length > 255) return sendErrorPage(context.pages, request, reply, 404);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.categoryList")) return reply;
    const found = await categoryView(context, request.viewer, idOrCode);
    const sort = parseDiscussionSort(request.query.sort);
    const [view, children] = await Promise.all([
      discussionListView(context, request.viewer, { page, sort, categoryID: found.categoryID }),
      found.countCategories > 0 ? categoryTreeView(context, request.viewer) : Promise.resolve([]),
    ]);
    if (page > 1 && view.discussions.length === 0) return sendErrorPage(context.pages, request, reply, 404);
    const subcategories = findChildren(children, found.categoryID);
    const canPost =
      found.permissions?.["discussions.add"] === true &&
      (found.displayAs === "discussions" || found.displayAs === "flat");
    const basePath = `/categories/${found.urlcode}`;
    const crumbs = [
      { name: t("Home"), url: "/" },
      ...(found.breadcrumbs ?? []).slice(1),
      { name: found.name, url: found.url },
    ];
    const body = html`<div class="listPage">
      ${breadcrumbs(dedupe(crumbs), t)}
      <div class="listPage-header"><h1 class="listPage-title">${found.name}</h1>${canPost ? newDiscussionButton(found.categoryID, t) : ""}</div>
      ${found.description ? html`<p class="listPage-description">${found.description}</p>` : ""}
      ${subcategories.length > 0 ? categoryList(subcategories, t) : ""}
      ${found.displayAs === "categories" || found.displayAs === "heading" ? "" : discussionList(view.discussions, t, request.viewer)}
      ${pager(view.page, view.limit, view.total, basePath, t)}
    </div>`;
    return context.pages.send(request, reply, {
      title: found.name,
      description: found.description ?? undefined,
      canonicalPath: page > 1 ? `${basePath}/p${page}` : basePath,
      body,
    });
  };
  app.get("/categories/:category", category);
  app.get("/categories/:category/:page", category);
}

function findChildren(tree: Awaited<ReturnType<typeof categoryTreeView>>, categoryID: number): typeof tree {
  for (const node of tree) {
    if (node.categoryID === categoryID) return node.children ?? [];
    const found = findChildren(node.children ?? [], categoryID);
    if (found.length > 0) return found;
  }
  return [];
}

function dedupe(crumbs: { name: string; url: string }[]) {
  return crumbs.filter((crumb, index) => crumbs.findIndex((other) => other.url === crumb.url) === index);
}
