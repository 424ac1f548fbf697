import type { Me } from "@forum/api/users";

/** The core's own badge counter (its other counters and add-ons' ones are read by the name they declare). */
export const UNREAD_NOTIFICATIONS = "UnreadNotifications";

/** A member's badge counter by its declared name; 0 when the server sent none (its owner is off). */
export function meCountOf(user: Pick<Me, "counts">, name: string): number {
  return user.counts[name] ?? 0;
}

/** The current user with new counter values: the `counts` map and the matching `count<name>` fields. */
export function withMeCounts(user: Me, counts: Readonly<Record<string, number>>): Me {
  const fields = Object.fromEntries(Object.entries(counts).map(([name, count]) => [`count${name}`, count]));
  return { ...user, ...fields, counts: { ...user.counts, ...counts } };
}
