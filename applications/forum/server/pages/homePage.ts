import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html, widget } from "@library/server/pages/html";
import { renderPageTreeHtml } from "@library/server/pages/pageTreeHtml";
import type { CollectionWidgetProps } from "@forum/api/collections";
import { homeCollectionWidgets } from "../collections/collectionWidget";
import { discussionList } from "../pageParts/discussionListFragments";
import { newDiscussionButton, newDiscussionUrl } from "../pageParts/listFragments";
import { categoryTreeView, discussionListView } from "../pageParts/listViews";
import { sendLayoutPageIfEnabled } from "./layoutShell";
import type { LayoutQuery } from "@forum/api/layouts";
import { requestSiteSection } from "@library/server/http/siteSections";
import { withStoredLayout } from "../layouts/layoutResolution";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { buildHomePage } from "../pageTrees/homePageTree";
import { sendPageTree } from "../pageTrees/sendPageTree";

/** An address inside CSS `url()` without quotes: nothing in it can end the value. */
function cssUrl(url: string): string {
  return encodeURI(url).replace(/[()'"\\]/g, (character) => `%${character.charCodeAt(0).toString(16)}`);
}

/**
 * `/`: the hero banner (SPEC 2 "Hero banner and search bar"); its search bar comes from the `home.hero` slot, so
 * it is there only while an add-on provides search.
 */
export function homePageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/", async (request, reply) => {
    const section = requestSiteSection(request);
    if (section) {
      // A site section's home (SPEC 2): its `subcommunityHome` layout, or the built-in one with its categories.
      const query: LayoutQuery = {
        layoutViewType: "subcommunityHome",
        recordType: "siteSection",
        recordID: String(section.siteSectionID),
        params: { locale: request.locale, siteSectionID: String(section.siteSectionID) },
      };
      const treeRequest = pageTreeRequest(context, request);
      const built = await buildHomePage(context, treeRequest, "subcommunityHome");
      const layout = await withStoredLayout(context, treeRequest, query, built);
      return sendPageTree(context, request, reply, { ...built, layout });
    }
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.home")) return reply;
    const { t } = request;
    const [title, description, homepageTitle, categories, recent, collections, hero, widgets, bannerImage] =
      await Promise.all([
        context.settings.get<string>("garden.title"),
        context.settings.get<string>("garden.description"),
        context.settings.get<string>("garden.homepageTitle"),
        categoryTreeView(context, request.viewer),
        discussionListView(context, request.viewer, { page: 1, sort: "-dateLastComment", limit: 10 }),
        homeCollectionWidgets(context, request.viewer),
        context.pageSlots.nodes("home.hero", { app: context, viewer: request.viewer }),
        context.pageSlots.nodes("home.widgets", { app: context, viewer: request.viewer }),
        context.settings.get<string>("branding.bannerImage"),
      ]);
    const postUrl = newDiscussionUrl(request.viewer, request.viewer.has("discussions.add"), null);
    // The dashboard's banner image (`branding.bannerImage`) is the hero's background.
    const body = html`<section
      class="heroBanner${bannerImage ? " heroBanner--withBackground" : ""}"
      aria-labelledby="heroBanner-title"
      ${bannerImage ? html`style="background-image: url(${cssUrl(bannerImage)})"` : ""}
    >
      <div class="heroBanner-content">
        <h1 class="heroBanner-title" id="heroBanner-title">${t("How can we help you?")}</h1>
        ${description ? html`<p class="heroBanner-description">${description}</p>` : ""}
        ${renderPageTreeHtml(hero, {}, { t, viewer: request.viewer })}
        ${postUrl !== undefined ? html`<p class="heroBanner-actions">${newDiscussionButton(postUrl, t)}</p>` : ""}
      </div>
    </section>
    <div class="homeWidgets">
      <section class="homeWidget" aria-labelledby="home-categories">
        <h2 class="homeWidget-title" id="home-categories">${t("Categories")}</h2>
        <ul class="widgetGrid">${categories.map(
          (category) => html`<li class="widgetGrid-item"><a class="widgetGrid-link" href="${category.url}">
            <span class="widgetGrid-name" dir="auto">${category.name}</span>
            ${category.description ? html`<span class="widgetGrid-description">${category.description}</span>` : ""}
          </a></li>`,
        )}</ul>
      </section>
      <section class="homeWidget" aria-labelledby="home-recent">
        <h2 class="homeWidget-title" id="home-recent">${t("Recent Discussions")}</h2>
        ${discussionList(recent.discussions, t, request.viewer)}
        <p class="homeWidget-more"><a href="/discussions">${t("View All")}</a></p>
      </section>
      ${collections.map(collectionWidget)}
      ${renderPageTreeHtml(widgets, {}, { t, viewer: request.viewer })}
    </div>`;
    return context.pages.send(request, reply, {
      title: homepageTitle || title,
      body,
      description: description || undefined,
      canonicalPath: "/",
    });
  });
}

/**
 * A collection on the home page: the `CollectionWidget` mount point around the same section without script, so
 * readers and crawlers see its links before the bundle runs.
 */
function collectionWidget(props: CollectionWidgetProps) {
  const headingID = `home-collection-${props.collectionID}`;
  const fallback = html`<section class="homeWidget collectionWidget" aria-labelledby="${headingID}">
    <h2 class="homeWidget-title" id="${headingID}">${props.title}</h2>
    <ul class="widgetGrid">${props.items.map(
      (item) => html`<li class="widgetGrid-item"><a class="widgetGrid-link" href="${item.url}">
        <span class="widgetGrid-name" dir="auto">${item.name}</span>
        ${item.excerpt ? html`<span class="widgetGrid-description" dir="auto">${item.excerpt}</span>` : ""}
      </a></li>`,
    )}</ul>
  </section>`;
  return widget("div", "CollectionWidget", props, fallback, { class: "collectionWidgetMount" });
}
