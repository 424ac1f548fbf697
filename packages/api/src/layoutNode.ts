import type { DeviceVisibility } from "./layouts";
import type { LayoutNode, WidgetName, WidgetPropsMap } from "./widgetProps";

/**
 * A node of a page tree: a registered component name and the props `WidgetPropsMap` declares for it, so a
 * misspelt name or a missing prop fails `tsc` here as it does in the client's `registerComponent`. Plain code,
 * no dependencies: the server's page builders and the client's tests write nodes with it.
 */
export function node<K extends WidgetName>(
  component: K,
  props: WidgetPropsMap[K],
  device?: DeviceVisibility,
): LayoutNode<K> {
  return {
    $reactComponent: component,
    $reactProps: props,
    ...(device ? { $middleware: { visibility: { device } } } : {}),
  };
}
