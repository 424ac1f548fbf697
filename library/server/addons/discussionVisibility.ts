import type { Expression, SqlBool } from "kysely";
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import type { Viewer } from "../permissions/viewer";

/**
 * What one rule hides from one viewer, beyond what their roles allow: `visible(discussionID)` is true for the
 * discussions they may see (`discussionID` is the id column of the query it joins). `key` names what the rule
 * lets this viewer see that a viewer without any membership does not ("" when nothing): lists made once for all
 * members of the same roles are only shared between viewers whose keys are all "".
 */
export interface DiscussionVisibilityScope {
  key: string;
  visible(discussionID: Expression<number>): Expression<SqlBool>;
}

/**
 * A rule of an add-on that keeps some discussions from some viewers (a group's discussions from non-members).
 * Returns null when it hides nothing from this viewer.
 */
export type DiscussionVisibilityRule = (
  context: AppContext,
  viewer: Viewer,
) => Promise<DiscussionVisibilityScope | null>;

/** Every rule's scope for one viewer, joined. */
export interface DiscussionVisibility {
  /** "" when every rule lets this viewer see what a viewer of the same roles without memberships sees. */
  key: string;
  conditions: readonly ((discussionID: Expression<number>) => Expression<SqlBool>)[];
}

export const NO_VISIBILITY_RULES: DiscussionVisibility = { key: "", conditions: [] };

/**
 * The discussion visibility rules of one app. Rules apply whether or not their add-on runs: switching an add-on
 * off never shows what it hid (its data is kept, and so is its privacy).
 */
export class DiscussionVisibilityRegistry {
  private readonly rules: { owner: string; rule: DiscussionVisibilityRule }[] = [];

  add(rule: DiscussionVisibilityRule, owner: string): void {
    this.rules.push({ owner, rule });
  }

  async forViewer(context: AppContext, viewer: Viewer): Promise<DiscussionVisibility> {
    if (this.rules.length === 0) return NO_VISIBILITY_RULES;
    const scopes = await Promise.all(this.rules.map(({ rule }) => rule(context, viewer)));
    const applied = scopes.filter((scope): scope is DiscussionVisibilityScope => scope !== null);
    if (applied.length === 0) return NO_VISIBILITY_RULES;
    return {
      key: applied
        .map((scope) => scope.key)
        .filter((key) => key !== "")
        .join("|"),
      conditions: applied.map((scope) => scope.visible.bind(scope)),
    };
  }

  /** True when the viewer may see this discussion under every rule (one query, only when a rule applies). */
  async allows(context: AppContext, viewer: Viewer, discussionID: number, db?: DbOrTx): Promise<boolean> {
    const visibility = await this.forViewer(context, viewer);
    if (visibility.conditions.length === 0) return true;
    const row = await (db ?? context.db)
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "=", discussionID)
      .where((eb) =>
        eb.and(visibility.conditions.map((visible) => visible(eb.ref("discussions.discussionID")))),
      )
      .executeTakeFirst();
    return row !== undefined;
  }
}

const registries = new WeakMap<AppContext, DiscussionVisibilityRegistry>();

/** The discussion visibility rules of an app (add-ons add theirs with `registrar.extend`). */
export function discussionVisibility(context: AppContext): DiscussionVisibilityRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new DiscussionVisibilityRegistry();
    registries.set(context, registry);
  }
  return registry;
}
