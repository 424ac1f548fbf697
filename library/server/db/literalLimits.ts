import {
  LimitNode,
  SelectQueryNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";

/**
 * Writes a select's LIMIT into its SQL as a number (`limit 30`) instead of a bound value (`limit ?`).
 *
 * SQLite's planner reads a bound LIMIT's value when it compiles the statement, so binding that parameter again
 * marks the statement stale and the next step compiles it anew: every run of a kept statement with `limit ?`
 * was a second compilation (about 10 µs for the page of a discussion's comments, 27 against 17 µs a run, and
 * 0.9 of them per member page). With the number in the text, each limit has its statement, prepared once.
 *
 * Both databases get the same SQL, so a statement compiled once (`compiledOnce.ts`) binds the same values on
 * either: a shape that has a limit names it in its key and leaves it out of its parameters. Only the outer
 * select's own LIMIT is rewritten (a look at one property, no walk through the tree); OFFSET stays bound, as
 * SQLite does not plan on it and a page number would otherwise make a text per page.
 */
export class LiteralLimitPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (!SelectQueryNode.is(node) || !node.limit) return node;
    const value = node.limit.limit;
    if (!ValueNode.is(value) || value.immediate) return node;
    const limit = value.value;
    if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 0) return node;
    return Object.freeze({ ...node, limit: LimitNode.create(ValueNode.createImmediate(limit)) });
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** One plugin for every database handle: it keeps no state. */
export const LITERAL_LIMITS = new LiteralLimitPlugin();
