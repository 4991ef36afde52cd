import { describe, expect, it } from 'vitest';
import {
  NEW_REFERRAL,
  referralProblems,
  rewardedChanges,
  sameAmount,
  settledStatus,
  type TReferralState,
  ZCreateReferral,
} from './referrals.ts';

const base: TReferralState = { ...NEW_REFERRAL, referrerCustomerId: 1, referredCustomerId: 2 };
const paths = (state: TReferralState) => referralProblems(state).map((p) => p.path);

describe('referralProblems', () => {
  it('takes a referred customer, or a name and an e-mail, not both and not neither', () => {
    expect(paths(base)).toEqual([]);
    expect(
      paths({ ...base, referredCustomerId: null, referredName: 'Eva', referredEmail: 'e@x.org' }),
    ).toEqual([]);
    expect(paths({ ...base, referredCustomerId: null })).toEqual(['referredName']);
    expect(paths({ ...base, referredCustomerId: null, referredName: 'Eva' })).toEqual(['referredEmail']);
    expect(paths({ ...base, referredName: 'Eva', referredEmail: 'e@x.org' })).toEqual(['referredCustomerId']);
  });

  it('refuses a customer referring themselves and a booking without a referred customer', () => {
    expect(paths({ ...base, referredCustomerId: 1 })).toEqual(['referredCustomerId']);
    expect(
      paths({ ...base, referredCustomerId: null, referredName: 'E', referredEmail: 'e@x.org', bookingId: 9 }),
    ).toEqual(['bookingId']);
  });

  it('wants a booking for booked and rewarded, and an amount and currency for rewarded', () => {
    expect(paths({ ...base, status: 'booked' })).toEqual(['bookingId']);
    expect(paths({ ...base, status: 'rewarded', bookingId: 9 })).toEqual(['rewardAmount']);
    expect(paths({ ...base, status: 'rewarded', bookingId: 9, rewardAmount: '10.00' })).toEqual([
      'rewardCurrency',
    ]);
    expect(
      paths({ ...base, status: 'rewarded', bookingId: 9, rewardAmount: '10.00', rewardCurrency: 'EUR' }),
    ).toEqual([]);
  });
});

describe('settledStatus', () => {
  it('moves open to booked with a booking, and booked back to open without unless booked is given', () => {
    expect(settledStatus({ ...base, bookingId: 9 }, false)).toBe('booked');
    expect(settledStatus({ ...base, status: 'booked' }, false)).toBe('open');
    expect(settledStatus({ ...base, status: 'booked' }, true)).toBe('booked');
    expect(settledStatus({ ...base, bookingId: 9 }, true)).toBe('booked');
    expect(settledStatus({ ...base, status: 'declined', bookingId: 9 }, false)).toBe('declined');
  });
});

describe('rewardedChanges', () => {
  const rewarded: TReferralState = {
    ...base,
    bookingId: 9,
    status: 'rewarded',
    rewardAmount: '25.00',
    rewardCurrency: 'EUR',
  };
  it('names what a change would alter of a rewarded referral; the same amount written otherwise is none', () => {
    expect(rewardedChanges(rewarded, { ...rewarded, rewardAmount: '25' })).toEqual([]);
    expect(rewardedChanges(rewarded, { ...rewarded, referrerCustomerId: 3, rewardAmount: '30.00' })).toEqual([
      'referrerCustomerId',
      'rewardAmount',
    ]);
    expect(rewardedChanges(rewarded, { ...rewarded, rewardCurrency: 'USD', status: 'open' })).toEqual([
      'status',
      'rewardCurrency',
    ]);
    expect(rewardedChanges(base, { ...base, referrerCustomerId: 3 })).toEqual([]);
  });

  it('compares amounts as numbers', () => {
    expect(sameAmount('1.50', '1.5')).toBe(true);
    expect(sameAmount(null, '0')).toBe(false);
    expect(sameAmount(null, null)).toBe(true);
  });
});

describe('ZCreateReferral', () => {
  it('takes money as a positive decimal string with two places at most', () => {
    const body = { referrerCustomerId: 1, referredCustomerId: 2 };
    expect(ZCreateReferral.safeParse({ ...body, rewardAmount: '25.50' }).success).toBe(true);
    for (const rewardAmount of ['0', '0.00', '-1', '1.234', 25]) {
      expect(ZCreateReferral.safeParse({ ...body, rewardAmount }).success, String(rewardAmount)).toBe(false);
    }
  });
});
