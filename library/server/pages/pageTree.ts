import { node } from "@forum/api/layoutNode";

export { node };

/** The title bar every layout carries: the client renders it from the page bootstrap. */
export const TITLE_BAR_NODE = node("TitleBar", {});
