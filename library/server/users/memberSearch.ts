import type { AppContext } from "../app/appContext";

/**
 * Most member ids one search asks a provider for. A query that matches more (one common word on a site of
 * millions) is cut to this many, so the list's total and its last pages stop there, past what anyone pages through;
 * the ids still fit in one statement's parameters on both databases.
 */
export const MEMBER_SEARCH_LIMIT = 10_000;

/**
 * Finds members by the words of their name and title without scanning the users table (the search add-on answers
 * from its index). The dashboard's member list asks it for its `query`; while none runs the list matches
 * substrings itself.
 */
export interface MemberSearchProvider {
  /** Ids of the members whose name or title words start with the text's words, at most `limit` of them. */
  matchingUserIDs(text: string, limit: number): Promise<number[]>;
}

/** The member search providers of one app, by owner: the one added last whose owner runs now answers. */
export class MemberSearchRegistry {
  private readonly providers = new Map<string, MemberSearchProvider>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(provider: MemberSearchProvider, owner: string): void {
    this.providers.delete(owner);
    this.providers.set(owner, provider);
  }

  /** The provider to ask now; undefined while no owner of one runs (the add-on is off or failed). */
  active(): MemberSearchProvider | undefined {
    const running = [...this.providers].filter(([owner]) => this.isOwnerActive(owner));
    return running[running.length - 1]?.[1];
  }
}

const registries = new WeakMap<AppContext, MemberSearchRegistry>();

/** The member search providers of an app (one registry per app context, so tests build as many apps as they like). */
export function memberSearch(context: AppContext): MemberSearchRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new MemberSearchRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
