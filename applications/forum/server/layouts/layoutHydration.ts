import type { Category } from "@forum/api/categories";
import type { DeviceVisibility } from "@forum/api/layouts";
import type { WidgetItem } from "@forum/api/layoutWidgets";
import type { SectionSpec, StoredLayout, WidgetSpec } from "@forum/api/storedLayouts";
import type { LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { pluralText } from "@library/server/i18n/readerFormats";
import { node } from "@library/server/pages/pageTree";
import { translatedLayout } from "@library/server/translations/layoutTranslations";
import { readerContentTranslations } from "@library/server/translations/readerTranslations";
import type { PageTreeRequest } from "../pageTrees/builtPage";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { listDiscussions } from "../discussions/discussionsQueries";
import { categoryTreeView } from "../pageParts/listViews";
import { fragmentUrls } from "./fragmentStore";

/** What a stored layout is filled with: the built-in page's own nodes stand in for its `pageContent` widget. */
export interface HydrationInput {
  context: AppContext;
  request: PageTreeRequest;
  /** The built-in page of the address: its sections' widgets are the page content. */
  builtNodes: readonly LayoutNode[];
}

function visible<T extends LayoutNode>(built: T, device: DeviceVisibility): T {
  return device === "all" ? built : { ...built, $middleware: { visibility: { device } } };
}

/** The widgets inside the built-in page's sections, in order. */
function pageContent(nodes: readonly LayoutNode[]): LayoutNode[] {
  return nodes.flatMap((section) => {
    const props = section.$reactProps as { children?: LayoutNode[] };
    return props.children ?? [section];
  });
}

function findCategory(tree: Category[], categoryID: number): Category | undefined {
  for (const category of tree) {
    if (category.categoryID === categoryID) return category;
    const found = findCategory(category.children ?? [], categoryID);
    if (found) return found;
  }
  return undefined;
}

async function discussionItems(
  input: HydrationInput,
  spec: Extract<WidgetSpec, { widget: "discussions" }>,
): Promise<WidgetItem[]> {
  const { context, request } = input;
  // As the list pages read them, with the excerpt items describe themselves with.
  const result = await listDiscussions(context, request.viewer, {
    page: 1,
    limit: spec.limit,
    sort: spec.sort,
    pinOrder: "first",
    ...(spec.categoryID !== undefined ? { categoryID: String(spec.categoryID) } : {}),
  });
  const discussions = await presentDiscussions(context.db, request.viewer, result.tree, result.rows, {
    expand: ["insertUser", "excerpt", "-body"],
  });
  return discussions.map((discussion) => ({
    key: `discussion-${discussion.discussionID}`,
    name: discussion.name,
    url: discussion.url,
    ...(discussion.excerpt ? { description: discussion.excerpt } : {}),
    ...(discussion.insertUser ? { iconUrl: discussion.insertUser.photoUrl } : {}),
    meta: pluralText(
      request.t("{count, plural, one {# comment} other {# comments}}"),
      discussion.countComments,
      request.t,
    ),
  }));
}

async function widgetNodes(input: HydrationInput, spec: WidgetSpec): Promise<LayoutNode[]> {
  const { context, request } = input;
  const title = "title" in spec && spec.title ? { title: spec.title } : {};
  switch (spec.widget) {
    case "banner":
      return [
        visible(
          node("BannerWidget", {
            ...title,
            ...(spec.description ? { description: spec.description } : {}),
            ...(spec.backgroundImage ? { backgroundImage: spec.backgroundImage } : {}),
            ...(spec.rightImage ? { rightImage: spec.rightImage } : {}),
            showSearch: spec.showSearch,
            showScope: spec.showScope,
          }),
          spec.device,
        ),
      ];
    case "discussions": {
      const items = await discussionItems(input, spec);
      return [
        visible(
          node("DiscussionsWidget", {
            ...title,
            items,
            itemOptions: spec.itemOptions,
            viewAllUrl: "/discussions",
          }),
          spec.device,
        ),
      ];
    }
    case "categories": {
      const tree = await categoryTreeView(context, request.viewer);
      const categories =
        spec.parentCategoryID === undefined
          ? tree
          : (findCategory(tree, spec.parentCategoryID)?.children ?? []);
      return [
        visible(
          node("CategoriesWidget", { ...title, categories, itemOptions: spec.itemOptions }),
          spec.device,
        ),
      ];
    }
    case "links":
      return [
        visible(
          node("LinksWidget", {
            ...title,
            itemOptions: spec.itemOptions,
            items: spec.items.map((item, index) => ({ key: `link-${index}`, ...item })),
          }),
          spec.device,
        ),
      ];
    case "fragment": {
      const urls = await fragmentUrls(context, spec.fragmentUUID);
      const widget = node("CustomFragmentWidget", { ...title, fragmentUUID: spec.fragmentUUID, ...urls });
      return [
        visible(
          { ...widget, $fragmentImpls: { CustomFragment: { fragmentUUID: spec.fragmentUUID, ...urls } } },
          spec.device,
        ),
      ];
    }
    case "pageContent":
      return pageContent(input.builtNodes).map((content) =>
        spec.device === "all" ? content : visible(content, spec.device),
      );
  }
}

async function columnNodes(
  input: HydrationInput,
  column: readonly WidgetSpec[] | undefined,
): Promise<LayoutNode[]> {
  const nodes = await Promise.all((column ?? []).map((spec) => widgetNodes(input, spec)));
  return nodes.flat();
}

async function sectionNode(input: HydrationInput, section: SectionSpec): Promise<LayoutNode> {
  const [first, second, third] = await Promise.all(
    section.columns.map((column) => columnNodes(input, column)),
  );
  const built = (() => {
    switch (section.sectionType) {
      case "oneColumn":
        return node("SectionOneColumn", { isNarrow: true, children: first ?? [] });
      case "fullWidth":
        return node("SectionFullWidth", { children: first ?? [] });
      case "twoColumns":
        return node("SectionTwoColumns", { mainBottom: first ?? [], secondaryBottom: second ?? [] });
      case "threeColumns":
        return node("SectionThreeColumns", {
          leftBottom: first ?? [],
          middleBottom: second ?? [],
          rightBottom: third ?? [],
        });
    }
  })();
  return visible(built, section.device);
}

/**
 * A stored layout filled with data for this viewer: the nodes `lookup-hydrate` answers. Its titles and the
 * banner's description are in the reader's locale where the content translator has them.
 */
export async function hydrateStoredLayout(
  input: HydrationInput,
  layout: StoredLayout,
): Promise<LayoutNode[]> {
  const reader = await readerContentTranslations();
  const shown = translatedLayout(layout, reader?.translations ?? null);
  return Promise.all(shown.layout.map((section) => sectionNode(input, section)));
}
