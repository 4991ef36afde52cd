import type { FastifyReply } from 'fastify';
import type { TChangeCache } from '../db/change-feed.ts';

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
    cache.set(key, generation, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
