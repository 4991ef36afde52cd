import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listQueriesToDrop } from './query.ts';

const query = (key: unknown[], updatedAt: number, observers = 0) => ({
  queryKey: key,
  state: { dataUpdatedAt: updatedAt } as Query['state'],
  getObserversCount: () => observers,
});

describe('list cache of 10 entries', () => {
  it('keeps ten list queries and drops the oldest unobserved ones', () => {
    const lists = Array.from({ length: 12 }, (_, i) => query(['users', 'list', { page: i }], 100 + i));
    const other = query(['users', 'detail', 1], 1);
    const dropped = listQueriesToDrop([other, ...lists]);
    expect(dropped.map((q) => q.state.dataUpdatedAt)).toEqual([100, 101]);
  });

  it('never drops a list a screen shows, nor anything at or under the limit', () => {
    const lists = Array.from({ length: 11 }, (_, i) =>
      query(['users', 'list', { page: i }], 100 + i, i === 0 ? 1 : 0),
    );
    expect(listQueriesToDrop(lists).map((q) => q.state.dataUpdatedAt)).toEqual([101]);
    expect(listQueriesToDrop(lists.slice(0, 10))).toEqual([]);
  });
});
