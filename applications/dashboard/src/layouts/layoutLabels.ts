import type {
  ContainerDisplayType,
  EditableViewType,
  ItemContentType,
  SectionType,
} from "@forum/api/layoutWidgetOptions";
import type { WidgetKind } from "@forum/api/storedLayouts";
import { t } from "@library/src/i18n/translate";

/** What the editor calls each choice (translated when shown). */
export function viewTypeLabel(viewType: EditableViewType): string {
  return {
    home: t("Home page"),
    subcommunityHome: t("Subcommunity home page"),
    discussionList: t("Discussion list"),
    categoryList: t("Category list"),
    discussionCategoryPage: t("Category page"),
    post: t("Post page"),
  }[viewType];
}

export function sectionTypeLabel(sectionType: SectionType): string {
  return {
    oneColumn: t("One column"),
    twoColumns: t("Two columns"),
    threeColumns: t("Three columns"),
    fullWidth: t("Full width"),
  }[sectionType];
}

export function widgetKindLabel(kind: WidgetKind): string {
  return {
    banner: t("Hero banner"),
    discussions: t("Discussions"),
    categories: t("Categories"),
    links: t("Links"),
    fragment: t("Custom fragment"),
    pageContent: t("Page content"),
  }[kind];
}

export function contentTypeLabel(contentType: ItemContentType): string {
  return {
    title: t("Title"),
    "title-description": t("Title and description"),
    "title-description-image": t("Title, description and image"),
    "title-description-icon": t("Title, description and icon"),
    "title-background": t("Title on a background"),
    "title-background-description": t("Title and description on a background"),
    "title-chat-bubble": t("Title with a chat bubble"),
  }[contentType];
}

export function displayTypeLabel(displayType: ContainerDisplayType): string {
  return { grid: t("Grid"), carousel: t("Carousel"), list: t("List"), link: t("Links") }[displayType];
}

export function deviceLabel(device: "all" | "desktop" | "mobile"): string {
  return { all: t("All devices"), desktop: t("Desktop only"), mobile: t("Mobile only") }[device];
}
