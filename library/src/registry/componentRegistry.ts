import type { ComponentType } from "react";
import { getRegistry } from "@library/src/registry/registryStore";

/** Register a component for `data-react="<name>"` mount points and layouts. Use the component's own name. */
export function registerComponent<P extends object>(name: string, component: ComponentType<P>): void {
  getRegistry().components.set(name, component as unknown as ComponentType<Record<string, unknown>>);
}

export function getComponent(name: string): ComponentType<Record<string, unknown>> | undefined {
  return getRegistry().components.get(name);
}
