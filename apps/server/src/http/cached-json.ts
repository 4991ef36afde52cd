import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TChangeCache } from '../db/change-feed.ts';

/** Bodies up to this size are kept: a page of 25 bookings is ~15 KB; one of 10,000 rows would be megabytes. */
export const MAX_CACHED_BODY = 64 * 1024;

/**
 * Answers with the JSON body kept under `key`, or computes the answer, serializes it with the route's response
 * schema and keeps it (ADR 0024). Only where the request synced the change feed. The key must hold everything
 * the answer depends on besides the cache's tables: the user where it matters, and `requestKey`.
 */
export async function sendCachedJson(
  reply: FastifyReply,
  cache: TChangeCache<string>,
  key: string,
  compute: () => Promise<unknown>,
) {
  let body = cache.get(key);
  if (body === undefined) {
    const generation = cache.generation();
    body = reply.serialize(await compute()) as string;
    if (body.length <= MAX_CACHED_BODY) cache.set(key, generation, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The route and its validated parameters and query: what the handler reads. Unlike the raw URL, a query with
 * keys the route does not take (a campaign's `utm_source`, a cache-busting `_=`) or in another order meets
 * the same answer instead of computing it again.
 */
export function requestKey(request: FastifyRequest) {
  return `${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)}`;
}
