import type { ComponentType } from "react";
import { getRegistry } from "@library/src/registry/registryStore";

/**
 * The client's named places add-ons add components to (the server's page slots are for server-built pages;
 * these are for widgets the client builds alone, like a profile card). Each slot's components take the props
 * its host declares; one registration per name.
 */
// Filled by declaration merging: each slot's host adds its name and props.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientSlotProps {}

export type ClientSlotName = keyof ClientSlotProps;

type AnySlotComponent = ComponentType<never>;

function slots(): Map<string, Map<string, AnySlotComponent>> {
  const registry = getRegistry() as ReturnType<typeof getRegistry> & {
    slots?: Map<string, Map<string, AnySlotComponent>>;
  };
  registry.slots ??= new Map();
  return registry.slots;
}

/** Adds (or replaces) the component `name` in a slot. */
export function registerSlotComponent<S extends ClientSlotName>(
  slot: S,
  name: string,
  component: ComponentType<ClientSlotProps[S]>,
): void {
  const inSlot = slots().get(slot) ?? new Map<string, AnySlotComponent>();
  inSlot.set(name, component as AnySlotComponent);
  slots().set(slot, inSlot);
}

/** The slot's components, by name, in the order they were registered. */
export function slotComponents<S extends ClientSlotName>(
  slot: S,
): [name: string, component: ComponentType<ClientSlotProps[S]>][] {
  return [...(slots().get(slot) ?? new Map<string, AnySlotComponent>())] as [
    string,
    ComponentType<ClientSlotProps[S]>,
  ][];
}
