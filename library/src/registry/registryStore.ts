import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

/** Registries live on a global so every bundle loaded on the page shares them (like the store). */
export interface ForumRegistry {
  components: Map<string, ComponentType<Record<string, unknown>>>;
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
  window.__forumRegistry ??= { components: new Map(), routes: [], addonEntries: new Map() };
  return window.__forumRegistry;
}

/** Empty the registries (tests). */
export function resetRegistry(): void {
  delete window.__forumRegistry;
}
