import type { LayoutViewType } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import { node } from "@library/server/pages/pageTree";
import { newDiscussionUrl } from "../pageParts/listFragments";
import { categoryTreeView, discussionListView } from "../pageParts/listViews";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";
import { listModule } from "./listPageTrees";

/**
 * `/` (layout `home`, or `subcommunityHome` for a site section other than 0): the built-in home page, the hero
 * banner over the categories and the recent discussions, as the server-rendered home page shows them.
 */
export async function buildHomePage(
  context: AppContext,
  request: PageTreeRequest,
  layoutViewType: Extract<LayoutViewType, "home" | "subcommunityHome">,
): Promise<BuiltPage> {
  const { t, viewer, siteSection } = request;
  const [siteTitle, homepageTitle, description, categories, recent, bannerImage] = await Promise.all([
    context.settings.get<string>("garden.title"),
    context.settings.get<string>("garden.homepageTitle"),
    context.settings.get<string>("garden.description"),
    categoryTreeView(context, viewer, siteSection?.rootCategoryID ?? null),
    discussionListView(context, viewer, {
      page: 1,
      sort: "-dateLastComment",
      limit: 10,
      // A section's home lists its own discussions.
      ...(siteSection?.rootCategoryID && {
        categoryID: siteSection.rootCategoryID,
        includeChildCategories: true,
      }),
    }),
    context.settings.get<string>("branding.bannerImage"),
  ]);
  const postUrl = newDiscussionUrl(viewer, viewer.has("discussions.add"), null);
  const recentTitle = t("Recent Discussions");
  const title = siteSection ? siteSection.name : homepageTitle || siteTitle;
  const about = siteSection?.description || description;
  return builtPage(
    layoutViewType,
    title,
    [
      node("SectionFullWidth", {
        children: [
          node("BannerWidget", {
            ...(siteSection && { title }),
            ...(about ? { description: about } : {}),
            // The dashboard's banner image is the hero's background.
            ...(bannerImage ? { backgroundImage: bannerImage } : {}),
          }),
        ],
      }),
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("CategoriesWidget", { title: t("Categories"), categories, displayType: "grid" }),
          listModule(
            recent,
            "/discussions",
            { sort: "-dateLastComment", signedIn: !viewer.isGuest },
            { title: recentTitle, ...(postUrl !== undefined && { newDiscussionUrl: postUrl }) },
          ),
        ],
      }),
    ],
    {
      canonicalPath: siteSection ? `/${siteSection.slug}/` : "/",
      ...(about ? { description: about } : {}),
    },
  );
}
