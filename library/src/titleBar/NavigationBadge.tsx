import type { NavigationBadge as Badge } from "@forum/api/navigation";

/** The short text badge a navigation item may carry (SPEC 3 "Navigation item": type text). */
export function NavigationBadge({ badge }: { badge?: Badge | null }) {
  if (!badge) return null;
  return <span className="navBadge">{badge.text}</span>;
}
