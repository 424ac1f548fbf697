import type { DeviceVisibility, LayoutNode } from "@forum/api/layouts";

/** A layout node: a registered component name and its props. */
export function node(
  component: string,
  props: Record<string, unknown> = {},
  device?: DeviceVisibility,
): LayoutNode {
  return {
    $reactComponent: component,
    $reactProps: props,
    ...(device ? { $middleware: { visibility: { device } } } : {}),
  };
}

export const TITLE_BAR_NODE = node("TitleBar", {});
