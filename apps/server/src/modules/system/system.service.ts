import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import type { TSystemRepository } from './system.repository.ts';

const NOTIFICATION_DAYS = 30;
const NOTIFICATION_LIMIT = 100;
export const EVENTS_READ = ['events.read'];

/** The notification bell: the last month's events of the user and of everyone. */
export function createSystemService(deps: { db: Db; repository: TSystemRepository }) {
  const { db, repository } = deps;
  return {
    async notifications(user: TSessionUser, query: { unread?: 'true' | 'false' }) {
      if (!hasScope(user.scopes, EVENTS_READ)) throw forbidden();
      const rows = await repository.notifications(db, {
        userId: user.id,
        since: new Date(Date.now() - NOTIFICATION_DAYS * 86_400_000),
        unreadOnly: query.unread === 'true',
        limit: NOTIFICATION_LIMIT,
      });
      const data = rows.map((e) => ({
        id: e.id,
        type: e.type,
        text: e.text,
        data: e.data as Record<string, unknown>,
        createdAt: e.createdAt.toISOString(),
        read: e.readAt !== null,
      }));
      return { data, total: data.length, unread: data.filter((e) => !e.read).length };
    },
  };
}
export type TSystemService = ReturnType<typeof createSystemService>;
