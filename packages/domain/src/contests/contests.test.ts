import { describe, expect, it } from 'vitest';
import { closingDay, contestProblems, rankStanding, ZCreateContest } from './contests.ts';

describe('rankStanding', () => {
  it('ranks highest first; equal figures share a rank and the next rank skips (1, 1, 3)', () => {
    const rows = [
      { agencyName: 'Coral', figure: '10.00' },
      { agencyName: 'Blue', figure: '250.50' },
      { agencyName: 'Atlas', figure: '250.5' },
      { agencyName: 'Deep', figure: '9' },
    ];
    expect(rankStanding(rows).map((r) => [r.rank, r.agencyName])).toEqual([
      [1, 'Atlas'],
      [1, 'Blue'],
      [3, 'Coral'],
      [4, 'Deep'],
    ]);
  });

  it('compares figures as decimals, not as text', () => {
    const ranked = rankStanding([
      { agencyName: 'A', figure: '9' },
      { agencyName: 'B', figure: '10' },
    ]);
    expect(ranked.map((r) => r.agencyName)).toEqual(['B', 'A']);
  });
});

describe('a contest', () => {
  const base = { name: 'Cup', from: '2041-01-01', to: '2041-03-31', metric: 'nights' };

  it('takes a period, a closing day within it and one asset at most', () => {
    expect(contestProblems({ from: '2041-01-01', to: '2041-01-01' })).toEqual([]);
    expect(contestProblems({ from: '2041-01-02', to: '2041-01-01' })[0]?.path).toBe('to');
    expect(contestProblems({ to: '2041-03-31', subscribeUntil: '2041-04-01' })[0]?.path).toBe(
      'subscribeUntil',
    );
    expect(contestProblems({ resortId: 1, vesselId: 2 })[0]?.path).toBe('vesselId');
    expect(ZCreateContest.safeParse(base).success).toBe(true);
    expect(ZCreateContest.safeParse({ ...base, metric: 'likes' }).success).toBe(false);
  });

  it('closes for subscriptions on subscribeUntil, else on its last day', () => {
    expect(closingDay({ to: '2041-03-31', subscribeUntil: null })).toBe('2041-03-31');
    expect(closingDay({ to: '2041-03-31', subscribeUntil: '2041-02-01' })).toBe('2041-02-01');
  });
});
