/**
 * The plain values of stored layouts (no TypeBox: the layout editor and the widgets import them): view types,
 * section types, SPEC 2 item content and container display types, and SPEC 9's column limits.
 */

/** The view types an editor may lay out (the create-post form keeps its built-in layout). */
export const EDITABLE_VIEW_TYPES = [
  "home",
  "subcommunityHome",
  "discussionList",
  "categoryList",
  "discussionCategoryPage",
  "post",
] as const;
export type EditableViewType = (typeof EDITABLE_VIEW_TYPES)[number];

export const SECTION_TYPES = ["oneColumn", "twoColumns", "threeColumns", "fullWidth"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** How many columns each section type has. */
export const SECTION_COLUMNS: Record<SectionType, number> = {
  oneColumn: 1,
  twoColumns: 2,
  threeColumns: 3,
  fullWidth: 1,
};

/** SPEC 2 "Home widgets": how one item of a widget is drawn. */
export const ITEM_CONTENT_TYPES = [
  "title",
  "title-description",
  "title-description-image",
  "title-description-icon",
  "title-background",
  "title-background-description",
  "title-chat-bubble",
] as const;
export type ItemContentType = (typeof ITEM_CONTENT_TYPES)[number];

/** SPEC 2 "Home widgets": how a widget lays its items out. */
export const CONTAINER_DISPLAY_TYPES = ["grid", "carousel", "list", "link"] as const;
export type ContainerDisplayType = (typeof CONTAINER_DISPLAY_TYPES)[number];

/** SPEC 9: widget max columns 3, 4 for background/image types, 1 for a list. */
export function maxColumnsFor(contentType: ItemContentType, displayType: ContainerDisplayType): number {
  if (displayType === "list") return 1;
  return contentType === "title-description-image" || contentType.startsWith("title-background") ? 4 : 3;
}

export const DEVICE_VISIBILITIES = ["all", "desktop", "mobile"] as const;
