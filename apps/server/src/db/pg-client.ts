import pg from 'pg';
import type { TStatementNames } from './prepared.ts';

type TQueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };

const isPlainQuery = (config: unknown): config is TQueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as TQueryConfig).text === 'string' &&
  (config as TQueryConfig).name === undefined &&
  typeof (config as TQueryConfig).submit !== 'function';

/**
 * The pg Client class of the pool: names the repeated parameterised statements (ADR 0030). Statements without
 * values (BEGIN, COMMIT, DDL, `select 1`) stay unnamed; so does whatever passes a name or a Submittable.
 */
export function pgClient(names: TStatementNames): typeof pg.Client {
  class AtollClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them all through.
    override query(config: any, values?: any, callback?: any): any {
      if (isPlainQuery(config)) {
        const params = Array.isArray(values) ? values : config.values;
        const name = params && params.length > 0 ? names.nameOf(config.text) : undefined;
        if (name) return super.query({ ...config, name } as never, values, callback);
      }
      return super.query(config, values, callback);
    }
  }
  return AtollClient;
}
