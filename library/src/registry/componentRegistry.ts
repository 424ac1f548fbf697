import type { ComponentType, ReactNode } from "react";
import type { LayoutNode, WidgetName, WidgetPropsMap } from "@forum/api/widgetProps";
import { getRegistry } from "@library/src/registry/registryStore";

/** A prop as the component receives it: the layout renderer turns nodes into elements first. */
type RenderedProp<V> = V extends LayoutNode ? ReactNode : V extends readonly LayoutNode[] ? ReactNode[] : V;

/** The props a widget's component receives for the props the page tree gives it (`WidgetPropsMap`). */
export type RenderedWidgetProps<K extends WidgetName> = {
  [P in keyof WidgetPropsMap[K]]: RenderedProp<WidgetPropsMap[K][P]>;
};

/**
 * The component a name may be registered with: a widget of the page tree must take the props the map gives it
 * (so the server's nodes and the client's components cannot drift); other names (title-bar menus, dashboard
 * sections) take any component.
 */
export type RegisteredComponent<N extends string, P extends object> = N extends WidgetName
  ? ComponentType<RenderedWidgetProps<N>>
  : ComponentType<P>;

/** Register a component for `data-react="<name>"` mount points and layouts. Use the component's own name. */
export function registerComponent<N extends string, P extends object>(
  name: N,
  component: RegisteredComponent<N, P>,
): void {
  getRegistry().components.set(name, component as unknown as ComponentType<Record<string, unknown>>);
}

export function getComponent(name: string): ComponentType<Record<string, unknown>> | undefined {
  return getRegistry().components.get(name);
}
