import type { TitleBarConfig } from "./navigation";

/** Title bar positioning modes (SPEC 2): sticky or static, solid or transparent. */
export const TITLE_BAR_POSITIONINGS = [
  "stickySolid",
  "stickyTransparent",
  "staticSolid",
  "staticTransparent",
] as const;
export type TitleBarPositioning = (typeof TITLE_BAR_POSITIONINGS)[number];

export const TITLE_BAR_BORDER_TYPES = ["none", "border", "shadow", "swoop"] as const;
export type TitleBarBorderType = (typeof TITLE_BAR_BORDER_TYPES)[number];

/** The look of a site that saved none (SPEC 9: height 48, mobile 44; mobile logo centred). */
export const DEFAULT_TITLE_BAR_CONFIG: TitleBarConfig = {
  positioning: "stickySolid",
  backgroundColor: "",
  foregroundColor: "",
  height: 48,
  heightMobile: 44,
  borderType: "shadow",
  logo: { alignment: "left", alignmentMobile: "center", imageUrl: "", imageUrlMobile: "", url: "/" },
  navigation: { alignment: "left" },
};
