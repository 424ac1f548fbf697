import type { RouteObject } from "react-router";
import { getRegistry } from "@library/src/registry/registryStore";

/** Add routes for the app router (call from an entry before mountApp()). Paths are relative to the base path. */
export function registerRoutes(routes: RouteObject[]): void {
  getRegistry().routes.push(...routes);
}

export function getRoutes(): RouteObject[] {
  return getRegistry().routes;
}
