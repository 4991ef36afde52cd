import type { FastifyReply } from 'fastify';
import type { TChangeCache } from '../db/change-feed.ts';

/** Bodies up to this size are kept: a page of 25 bookings is ~15 KB; one of 10,000 rows would be megabytes. */
export const MAX_CACHED_BODY = 64 * 1024;

/**
 * Answers with the JSON body kept under `key`, or computes the answer, serializes it with the route's response
 * schema and keeps it (ADR 0024). Only on authenticated routes (their request synced the change feed). The
 * key must hold everything the answer depends on besides the cache's tables: the user and the request's URL.
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
