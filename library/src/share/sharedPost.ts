import { createContext, useContext } from "react";

/**
 * The post a Share menu shares, for the items add-ons contribute to it (the `post.share` slot): the menu provides
 * it, so an item's props need not repeat the post's link on every post of a page.
 */
export interface SharedPost {
  /** The discussion's title. */
  name: string;
  /** The post's permalink as shared: absolute, with `utm_source=community-share` (SPEC 9). */
  sharedUrl: string;
}

export const SharedPostContext = createContext<SharedPost | null>(null);

/** The post of the Share menu this item is in; throws outside one (an item rendered anywhere else is a bug). */
export function useSharedPost(): SharedPost {
  const post = useContext(SharedPostContext);
  if (!post) throw new Error("A Share menu item was rendered outside a Share menu.");
  return post;
}
