import pg from 'pg';
import type { TStatementNames } from './prepared.ts';

type TQueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown; callback?: unknown };

const isPlainQuery = (config: unknown): config is TQueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as TQueryConfig).text === 'string' &&
  (config as TQueryConfig).name === undefined &&
  typeof (config as TQueryConfig).submit !== 'function';

/**
 * The pg Client class of every PostgreSQL connection of the server: the pool's (`new pg.Pool({ Client })`)
 * and the change feed's listener.
 *
 * A query called without a callback (drizzle's, the listener's) is answered through pg's callback form. pg's
 * own promise form gives the query its callback only after building it; on Node 20 that made every query's
 * objects, and whatever awaited them (a request's whole graph), outlive the young generation until a full
 * collection: each scavenge of a booking creation copied ~180 KB more (ADR 0027).
 *
 * Given `names`, it also names the repeated parameterised statements (ADR 0025). Statements without values
 * (BEGIN, COMMIT, DDL, `select 1`) stay unnamed; so does whatever passes a name or a Submittable.
 */
export function pgClient(names?: TStatementNames): typeof pg.Client {
  class AtollClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them all through.
    override query(config: any, values?: any, callback?: any): any {
      const answered =
        callback !== undefined ||
        typeof values === 'function' ||
        typeof config?.submit === 'function' ||
        typeof config?.callback === 'function';
      if (!answered) {
        return new Promise((resolve, reject) => {
          this.query(config, values, (err: Error | null, result: unknown) =>
            err ? reject(err) : resolve(result),
          );
        }).catch((err: Error) => {
          // As pg does: a stack that leads back to the caller, not to the socket's read.
          Error.captureStackTrace(err);
          throw err;
        });
      }
      if (names && isPlainQuery(config)) {
        const params = Array.isArray(values) ? values : config.values;
        const name = params && params.length > 0 ? names.nameOf(config.text) : undefined;
        if (name) return super.query(Object.assign({}, config, { name }) as never, values, callback);
      }
      return super.query(config, values, callback);
    }
  }
  return AtollClient;
}
