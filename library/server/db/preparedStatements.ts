import type pg from "pg";
import { postgresDriver } from "./postgresDriver";

/**
 * Named (server-side prepared) statements on PostgreSQL. Kysely sends every statement unnamed, so PostgreSQL
 * parses, analyses and plans the same text again each time it runs; on this machine that was about two thirds
 * of the server's CPU for a page's small reads (a discussion row: 0.09 → 0.04 ms, its tags 0.08 → 0.03 ms). A
 * text run again in this process is given a name, and each connection parses it once under that name.
 *
 * Bounds: only reads and writes of rows are named (never DDL, transaction control or LISTEN); a connection keeps
 * at most MAX_NAMED_PER_CONNECTION names, past which its texts run unnamed as before; the process remembers at
 * most MAX_TEXTS texts (one-off texts start the count again rather than fill memory).
 *
 * A migration that changes a table's columns makes PostgreSQL refuse a prepared `select *` of it ("cached plan
 * must not change result type"): after a migration (`forget`) every text gets a new name and is parsed anew, and
 * a statement refused that way runs once more unnamed.
 */

/** Runs of one text in this process before it is named. */
export const NAME_AFTER_RUNS = 2;
/** Names one connection parses at most. */
export const MAX_NAMED_PER_CONNECTION = 500;
/** Texts counted or named at most in this process. */
const MAX_TEXTS = 5000;

const NAMEABLE = /^\s*(select|insert|update|delete|with)\s/i;

/** PostgreSQL's refusal of a prepared statement whose result columns changed under it. */
function isStaleResultType(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change");
}

/** The names of one pool's texts. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly runs = new Map<string, number>();
  private generation = 0;
  private sequence = 0;

  /** The name `text` runs under, or null to run it unnamed (not a row statement, or not run often yet). */
  nameFor(text: string): string | null {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    if (!NAMEABLE.test(text)) return null;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < NAME_AFTER_RUNS) {
      if (this.runs.size >= MAX_TEXTS) this.runs.clear();
      this.runs.set(text, runs);
      return null;
    }
    this.runs.delete(text);
    if (this.names.size >= MAX_TEXTS) this.names.clear();
    this.sequence += 1;
    const name = `forum_${this.generation}_${this.sequence}`;
    this.names.set(text, name);
    return name;
  }

  /** The database's tables may have changed (a migration ran): every text is named and parsed anew. */
  forget(): void {
    this.names.clear();
    this.runs.clear();
    this.generation += 1;
  }

  /** One text's name is refused by the server: it gets a new one next time. */
  forgetText(text: string): void {
    this.names.delete(text);
  }
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Runs `text` under `name` through a Query made here from the text, named afterwards. Given a config object
 * (`{name, text, values}`), node-postgres copies it with `Object.getOwnPropertyDescriptors` and
 * `Object.defineProperties` before reading it: the copy, made for every named statement, was 1.3 % of a worker's
 * samples under the member pages on PostgreSQL, more than any other step of the driver. A Query made from a text
 * only wraps the text.
 */
function runNamed(
  query: QueryFunction,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  const statement = new (postgresDriver().Query)(text, values) as pg.Query & {
    name?: string;
    callback?: (error: Error | null, result: pg.QueryResult) => void;
  };
  statement.name = name;
  return new Promise<pg.QueryResult>((resolve, reject) => {
    statement.callback = (error, result) => (error ? reject(error) : resolve(result));
    query(statement);
  });
}

/**
 * Makes a pool's connection run the named texts under their names: Kysely calls `query(text, values)`, which
 * becomes a Query of that text under its name (`runNamed`); every other call (a cursor, a callback, a text
 * without values) is as before.
 */
export function nameStatementsOf(client: pg.PoolClient, names: StatementNames): void {
  const parsed = new Set<string>();
  const query = (client.query as QueryFunction).bind(client);
  const named: QueryFunction = (config, values, callback) => {
    if (typeof config !== "string" || !Array.isArray(values) || callback !== undefined)
      return query(config, values, callback);
    let name = names.nameFor(config);
    if (name !== null && !parsed.has(name)) {
      if (parsed.size >= MAX_NAMED_PER_CONNECTION) name = null;
      else parsed.add(name);
    }
    if (name === null) return query(config, values);
    return runNamed(query, name, config, values).catch(async (error: unknown) => {
      if (!isStaleResultType(error)) throw error;
      names.forgetText(config);
      // Outside a transaction the statement simply runs again; inside one the transaction is already aborted,
      // and the original refusal is what the caller hears.
      try {
        return await query(config, values);
      } catch {
        throw error;
      }
    });
  };
  (client as unknown as { query: QueryFunction }).query = named;
}
