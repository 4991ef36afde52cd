import { describe, expect, it } from 'vitest';
import { diffSnapshots, ZHistoryDiffQuery } from './history.ts';

const line = (key: string, id: number, total: string) => ({
  id,
  key,
  text: key,
  total,
  customData: { steps: ['a'] },
});
const snapshot = {
  id: 7,
  state: 'draft',
  version: 1,
  updatedAt: '2026-01-01T10:00:00.000Z',
  offerNo: 'O26-00001',
  reservationNo: null,
  note: null,
  totals: { total: '1400.00', commission: '0.00' },
  rooms: [
    { id: 11, roomId: 3, from: '2026-05-01', to: '2026-05-08', guests: [{ id: 21, name: 'Anna' }] },
    { id: 12, roomId: 4, from: '2026-05-01', to: '2026-05-08', guests: [{ id: 22, name: 'Ben' }] },
  ],
  calculation: [line('room:r11', 101, '700.00'), line('room:r12', 102, '700.00')],
};

describe('diffSnapshots', () => {
  it('finds nothing between equal snapshots and ignores version and updatedAt', () => {
    expect(diffSnapshots(snapshot, JSON.parse(JSON.stringify(snapshot)) as typeof snapshot)).toEqual([]);
    expect(
      diffSnapshots(snapshot, { ...snapshot, version: 2, updatedAt: '2026-02-01T00:00:00.000Z' }),
    ).toEqual([]);
  });

  it('names changed scalar fields and nested object fields by path', () => {
    const next = {
      ...snapshot,
      state: 'planned',
      reservationNo: 'R26-00001',
      note: 'late arrival',
      totals: { total: '1500.00', commission: '0.00' },
    };
    expect(diffSnapshots(snapshot, next)).toEqual([
      { path: 'state', from: 'draft', to: 'planned' },
      { path: 'reservationNo', from: null, to: 'R26-00001' },
      { path: 'note', from: null, to: 'late arrival' },
      { path: 'totals.total', from: '1400.00', to: '1500.00' },
    ]);
  });

  it('matches rooms and guests by id: a changed date, a renamed guest, a removed and an added room', () => {
    const next = JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;
    next.rooms[0] = { ...next.rooms[0], to: '2026-05-10', guests: [{ id: 21, name: 'Anna Maier' }] } as never;
    next.rooms.splice(1, 1);
    next.rooms.push({ id: 13, roomId: 5, from: '2026-05-01', to: '2026-05-10', guests: [] });
    const changes = diffSnapshots(snapshot, next);
    expect(changes).toEqual([
      { path: 'rooms[id=11].to', from: '2026-05-08', to: '2026-05-10' },
      { path: 'rooms[id=11].guests[id=21].name', from: 'Anna', to: 'Anna Maier' },
      { path: 'rooms[id=12]', from: snapshot.rooms[1], to: null },
      { path: 'rooms[id=13]', from: null, to: next.rooms[1] },
    ]);
  });

  it('matches calculation lines by their key, whatever new ids the engine gave them', () => {
    const next = {
      ...snapshot,
      calculation: [
        line('room:r11', 201, '700.00'),
        line('room:r12', 202, '650.00'),
        line('special:3', 203, '-50.00'),
      ],
    };
    expect(diffSnapshots(snapshot, next)).toEqual([
      { path: 'calculation[key=room:r12].total', from: '700.00', to: '650.00' },
      { path: 'calculation[key=special:3]', from: null, to: next.calculation[2] },
    ]);
  });

  it('reports a list of plain values as one change, and falls back to positions without identity', () => {
    expect(diffSnapshots({ tags: ['a', 'b'] }, { tags: ['a', 'c'] })).toEqual([
      { path: 'tags', from: ['a', 'b'], to: ['a', 'c'] },
    ]);
    expect(diffSnapshots({ items: [{ n: 1 }, { n: 2 }] }, { items: [{ n: 1 }, { n: 3 }, { n: 4 }] })).toEqual(
      [
        { path: 'items[1].n', from: 2, to: 3 },
        { path: 'items[2]', from: null, to: { n: 4 } },
      ],
    );
  });

  it("matches the specials' explanations by their name, whatever their order", () => {
    const why = (name: string, rules: string[]) => ({ specialId: name.length, name, matchedRules: rules });
    expect(
      diffSnapshots(
        {
          why: [why('Stay 7 pay 6', ['Nights 7 ≥ 7']), why('Early bird', ['DaysBeforeTravelDate 120 ≥ 90'])],
        },
        {
          why: [why('Early bird', ['DaysBeforeTravelDate 113 ≥ 90']), why('Stay 7 pay 6', ['Nights 7 ≥ 7'])],
        },
      ),
    ).toEqual([
      {
        path: 'why[name=Early bird].matchedRules',
        from: ['DaysBeforeTravelDate 120 ≥ 90'],
        to: ['DaysBeforeTravelDate 113 ≥ 90'],
      },
    ]);
  });

  it('matches by id when keys repeat, by position when ids repeat too, and reads a missing field as null', () => {
    const dup = (total: string, id = 2) => [line('manual:1', 1, '5.00'), line('manual:1', id, total)];
    expect(diffSnapshots({ calculation: dup('5.00') }, { calculation: dup('6.00') })).toEqual([
      { path: 'calculation[id=2].total', from: '5.00', to: '6.00' },
    ]);
    expect(diffSnapshots({ calculation: dup('5.00', 1) }, { calculation: dup('6.00', 1) })).toEqual([
      { path: 'calculation[1].total', from: '5.00', to: '6.00' },
    ]);
    expect(diffSnapshots({ a: 1 }, { b: 2 })).toEqual([
      { path: 'a', from: 1, to: null },
      { path: 'b', from: null, to: 2 },
    ]);
  });

  it('takes a custom ignore list', () => {
    expect(diffSnapshots({ version: 1, x: 1 }, { version: 2, x: 1 }, { ignore: [] })).toEqual([
      { path: 'version', from: 1, to: 2 },
    ]);
  });
});

describe('ZHistoryDiffQuery', () => {
  it('reads the two versions from the query string and refuses anything but positive whole numbers', () => {
    expect(ZHistoryDiffQuery.parse({ from: '1', to: '3' })).toEqual({ from: 1, to: 3 });
    expect(ZHistoryDiffQuery.safeParse({ from: '0', to: '3' }).success).toBe(false);
    expect(ZHistoryDiffQuery.safeParse({ from: '1.5', to: '3' }).success).toBe(false);
    expect(ZHistoryDiffQuery.safeParse({ to: '3' }).success).toBe(false);
  });
});
