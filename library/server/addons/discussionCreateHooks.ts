import type { Transaction } from "kysely";
import type { AppContext } from "../app/appContext";
import type { Database } from "../db/database";
import type { Viewer } from "../permissions/viewer";

/** A new discussion, inside the transaction that writes it. */
export interface CreatedDiscussion {
  discussionID: number;
  categoryID: number;
  /** The request body as validated by `POST /discussions` (fields an add-on reads: `groupID`). */
  body: Readonly<Record<string, unknown>>;
  viewer: Viewer;
}

/**
 * Writes an add-on makes with every new discussion, in the transaction that creates it (the discussion's group):
 * a throw (422, 403, 404) refuses the whole post, so nothing of it is written.
 */
export type DiscussionCreateHook = (
  trx: Transaction<Database>,
  created: CreatedDiscussion,
  context: AppContext,
) => Promise<void>;

/** The create hooks of one app; those of an inactive owner (a disabled add-on) are skipped. */
export class DiscussionCreateHookRegistry {
  private readonly hooks: { owner: string; hook: DiscussionCreateHook }[] = [];

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(hook: DiscussionCreateHook, owner: string): void {
    this.hooks.push({ owner, hook });
  }

  async run(trx: Transaction<Database>, created: CreatedDiscussion, context: AppContext): Promise<void> {
    for (const { owner, hook } of this.hooks)
      if (this.isOwnerActive(owner)) await hook(trx, created, context);
  }
}

const registries = new WeakMap<AppContext, DiscussionCreateHookRegistry>();

/** The discussion create hooks of an app (add-ons add theirs with `registrar.extend`). */
export function discussionCreateHooks(context: AppContext): DiscussionCreateHookRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new DiscussionCreateHookRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
