import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema.ts';

export type TEventRow = typeof events.$inferSelect;

/** The system's own tables: the events that notify users. */
export function createSystemRepository() {
  return {
    /** A user's events and everyone's since a time, newest first, at most `limit`. */
    async notifications(
      ex: Executor,
      query: { userId: number; since: Date; unreadOnly: boolean; limit: number },
    ): Promise<TEventRow[]> {
      return ex
        .select()
        .from(events)
        .where(
          and(
            or(eq(events.userId, query.userId), isNull(events.userId)),
            gt(events.createdAt, query.since),
            query.unreadOnly ? isNull(events.readAt) : undefined,
          ),
        )
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(query.limit);
    },
  };
}
export type TSystemRepository = ReturnType<typeof createSystemRepository>;
