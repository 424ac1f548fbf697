import type { ReactNode } from "react";

/** Rich toast content (links, buttons) kept outside the store, keyed by toast id. */
export const toastBodies = new Map<string, ReactNode>();
