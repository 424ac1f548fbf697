import { MeSchema } from "@forum/api/users";
import { Type } from "@sinclair/typebox";
import type { PlatformContext } from "../app/platformContext";
import type { Viewer } from "@library/server/permissions/viewer";

export type MeCountProvider = (context: PlatformContext, viewer: Viewer) => Promise<number>;

/**
 * A counter of `GET /users/me-counts` (API.md 4.2), declared by the feature or add-on that owns it: the core
 * knows no counter by name.
 */
export interface MeCountDeclaration {
  /** The contract's name (`UnreadNotifications`, `Bookmarks`, …). */
  name: string;
  /** Place in the list, lowest first (API.md 4.2's order: notifications 10, conversations 20, bookmarks 30, drafts 40). */
  sort: number;
  /**
   * A badge counter: also in `GET /users/me` (as `count<name>`, API.md 4.1 has the unread counters there, and in
   * its `counts` map) and in the live `count` event. The others are only read through `GET /users/me-counts`.
   */
  onMe?: boolean;
  /**
   * Notification activity types whose unread notifications this counter already stands for (a private message
   * is one unread conversation): the notifications badge leaves them out, so one event counts once in the
   * header. Their notifications still show in the list.
   */
  coversNotifications?: readonly string[];
  count: MeCountProvider;
}

interface RegisteredCounter extends MeCountDeclaration {
  owner: string;
}

/** `count<name>` fields added to the shared Me schema (module-wide; apps in one process share it). */
const meFieldsAdded = new Set<string>();

/** The `GET /users/me` field of a counter shown there. */
export function meFieldOf(name: string): string {
  return `count${name}`;
}

/**
 * One app's me-counters. Features and add-ons declare theirs (add-ons through the registrar); a counter whose
 * owner is not active (a disabled add-on) is left out, so it leaves no trace.
 */
export class MeCountRegistry {
  private readonly counters = new Map<string, RegisteredCounter>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  register(declaration: MeCountDeclaration, owner = "core"): void {
    this.counters.set(declaration.name, { ...declaration, owner });
    const field = meFieldOf(declaration.name);
    // Declared on the response schema before the routes compile, so the serializer passes the field through.
    if (declaration.onMe && !(field in MeSchema.properties) && !meFieldsAdded.has(field)) {
      (MeSchema.properties as Record<string, unknown>)[field] = Type.Optional(Type.Integer());
      meFieldsAdded.add(field);
    }
  }

  /** The running counters, in their declared order. */
  active(): MeCountDeclaration[] {
    return [...this.counters.values()]
      .filter((counter) => this.isOwnerActive(counter.owner))
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  }

  /** Every declared counter's name and owner (`core` or an add-on's key), running or not. */
  declared(): { name: string; owner: string; onMe: boolean }[] {
    return [...this.counters.values()].map(({ name, owner, onMe }) => ({ name, owner, onMe: onMe === true }));
  }

  /** The notification activity types the running counters stand for (`coversNotifications`). */
  coveredNotificationTypes(): string[] {
    return [...new Set(this.active().flatMap((counter) => counter.coversNotifications ?? []))].sort();
  }

  provider(name: string): MeCountProvider | null {
    const counter = this.counters.get(name);
    return counter && this.isOwnerActive(counter.owner) ? counter.count : null;
  }
}

/** Declares a counter of a core application (add-ons use `registrar.meCount`). */
export function registerMeCount(context: PlatformContext, declaration: MeCountDeclaration): void {
  context.meCounts.register(declaration);
}

/** One counter; guests and counters nobody runs are 0. */
export async function getMeCount(context: PlatformContext, viewer: Viewer, name: string): Promise<number> {
  const provider = context.meCounts.provider(name);
  if (!provider || viewer.isGuest) return 0;
  return provider(context, viewer);
}

/** Every running counter in its declared order (`GET /users/me-counts`), or only the badge ones (`onMe`). */
export async function listMeCounts(
  context: PlatformContext,
  viewer: Viewer,
  which: "all" | "onMe" = "all",
): Promise<{ name: string; count: number }[]> {
  return Promise.all(
    context.meCounts
      .active()
      .filter((counter) => which === "all" || counter.onMe === true)
      .map(async ({ name }) => ({ name, count: await getMeCount(context, viewer, name) })),
  );
}

/** The badge counters as a name → count map (the `counts` of `GET /users/me` and of the live `count` event). */
export async function meCountMap(context: PlatformContext, viewer: Viewer): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await listMeCounts(context, viewer, "onMe")).map(({ name, count }) => [name, count]),
  );
}

/** The `count<name>` fields of `GET /users/me` for a map of the badge counters. */
export function meFields(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([name, count]) => [meFieldOf(name), count]));
}
