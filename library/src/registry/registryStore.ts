import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

/** Loads a lazily registered component's module and resolves to the component (see lazyComponents.tsx). */
export type ComponentLoader = () => Promise<ComponentType<Record<string, unknown>>>;

/** Registries live on a global so every bundle loaded on the page shares them (like the store). */
export interface ForumRegistry {
  components: Map<string, ComponentType<Record<string, unknown>>>;
  /** Components registered lazily and not loaded yet: their module is fetched when a page first needs them. */
  loaders: Map<string, ComponentLoader>;
  routes: RouteObject[];
  /** Add-on client entries by add-on key (see addonEntries.ts). */
  addonEntries: Map<string, (() => Promise<void> | void)[]>;
}

declare global {
  interface Window {
    __forumRegistry?: ForumRegistry;
  }
}

export function getRegistry(): ForumRegistry {
  window.__forumRegistry ??= {
    components: new Map(),
    loaders: new Map(),
    routes: [],
    addonEntries: new Map(),
  };
  return window.__forumRegistry;
}

/** Empty the registries (tests). */
export function resetRegistry(): void {
  delete window.__forumRegistry;
}
