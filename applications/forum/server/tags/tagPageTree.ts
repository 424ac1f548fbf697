import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { formatText } from "@library/server/i18n/translate";
import { node } from "@library/server/pages/pageTree";
import { builtPage, type BuiltPage, type PageTreeRequest } from "../pageTrees/builtPage";
import { listFilters, listModule, pagePath, type ListPageArgs } from "../pageTrees/listPageTrees";
import { newDiscussionPath } from "../pageParts/listFragments";
import { discussionListView } from "../pageParts/listViews";
import { taggingEnabled, tagUrl } from "./tagNames";
import "./tagTables";

export interface TagPageArgs extends ListPageArgs {
  /** The tag by id (`/discussions?tagID=`) or by slug (`/discussions/tagged/{urlcode}`). */
  tag: { tagID: number } | { urlcode: string };
}

/**
 * The tag page (layout `discussionList`): the discussions carrying one tag, with the list's sort tabs and pager.
 * Its own address is `/discussions/tagged/{urlcode}` (page n: `…/p{n}`); `/discussions?tagID={id}` shows the
 * same list. 404 for an unknown tag or while tagging is off.
 */
export async function buildTagPage(
  context: AppContext,
  request: PageTreeRequest,
  args: TagPageArgs,
): Promise<BuiltPage> {
  if (!taggingEnabled(context)) throw new NotFoundError("Tag");
  const tag = await context.db
    .selectFrom("tags")
    .select(["tagID", "name", "urlcode"])
    .$call((query) =>
      "tagID" in args.tag
        ? query.where("tagID", "=", args.tag.tagID)
        : query.where("urlcode", "=", args.tag.urlcode),
    )
    .executeTakeFirst();
  if (!tag) throw new NotFoundError("Tag");
  const title = formatText(request.t("Tagged: {tag}"), { tag: tag.name });
  const view = await discussionListView(context, request.viewer, { ...args, tagID: tag.tagID });
  if (args.page > 1 && view.discussions.length === 0) throw new NotFoundError("Page");
  const canPost = request.viewer.has("discussions.add");
  const basePath = tagUrl(tag.urlcode);
  return builtPage(
    "discussionList",
    title,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("Breadcrumbs", {
            crumbs: [
              { name: request.t("Home"), url: "/" },
              { name: request.t("Recent Discussions"), url: "/discussions" },
            ],
          }),
          listModule(view, basePath, listFilters(request, args), {
            title,
            ...(canPost && { newDiscussionUrl: newDiscussionPath(null) }),
          }),
        ],
      }),
    ],
    { canonicalPath: pagePath(basePath, args.page) },
  );
}
