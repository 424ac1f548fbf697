import type { AppContext } from "../app/appContext";

/**
 * Fails a request that waits for the connection its own transaction holds (it would never end) in `ms` instead
 * of hanging until Jest's timeout.
 */
export async function answerWithin<T>(request: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the request did not end within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([request, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a busy machine does now and then, every time: each read of the settings or the role grants re-reads the
 * database, and each transaction begins with them expired, plus what `expireMore` expires (an application's
 * own caches, such as the forum's category tree). Returns the function that puts everything back.
 */
export function everyCacheReadRereads(
  context: AppContext,
  expireMore: () => void = () => undefined,
): () => void {
  const { settings, grants, db } = context;
  const { get, all } = settings;
  const grantsGet = grants.get;
  const { transaction } = db;
  settings.get = <T>(key: string) => {
    settings.expire();
    return get.call<typeof settings, [string], Promise<T>>(settings, key);
  };
  settings.all = () => {
    settings.expire();
    return all.call(settings);
  };
  grants.get = () => {
    grants.invalidate();
    return grantsGet.call(grants);
  };
  db.transaction = () => {
    const builder = transaction.call(db);
    const execute = builder.execute.bind(builder);
    return Object.assign(builder, {
      execute: <T>(write: Parameters<typeof execute<T>>[0]) =>
        execute<T>((trx) => {
          settings.expire();
          grants.invalidate();
          expireMore();
          return write(trx);
        }),
    });
  };
  return () => {
    settings.get = get;
    settings.all = all;
    grants.get = grantsGet;
    db.transaction = transaction;
  };
}
