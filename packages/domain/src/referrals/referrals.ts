import Decimal from 'decimal.js';
import { z } from 'zod';
import { ZCurrencyCode, ZMoney } from '../customer-data/customer-data.ts';

// Customer referrals (`/api/referral`, docs/domain/referrals.md): a customer (the referrer) recommended someone
// (the referred: a customer, or a name and e-mail not yet a customer); the referred's booking that qualifies, and
// the reward, paid as credit into the referrer's ledger.

export const REFERRAL_STATUSES = ['open', 'booked', 'rewarded', 'declined'] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The states of a booking that qualifies a referral for its reward. */
export const REWARDABLE_BOOKING_STATES = ['confirmed', 'resolved'] as const;

const ZId = z.number().int().positive().max(2_147_483_647);
/** A reward: a decimal string above 0 with at most two places. */
export const ZRewardAmount = ZMoney.refine((a) => !a.startsWith('-') && /[1-9]/.test(a), 'an amount above 0');

export const ZReferral = z.object({
  id: z.number().int(),
  referrerCustomerId: z.number().int(),
  referrerName: z.string().nullable(),
  referredCustomerId: z.number().int().nullable(),
  referredCustomerName: z.string().nullable(),
  referredName: z.string().nullable(),
  referredEmail: z.string().nullable(),
  bookingId: z.number().int().nullable(),
  bookingNo: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  /** Exact decimal with two places, like every money field. */
  rewardAmount: z.string().nullable(),
  rewardCurrency: z.string().nullable(),
  rewardedAt: z.string().nullable(),
  /** The referrer's credit entry the reward wrote. */
  creditEntryId: z.number().int().nullable(),
  /** The office's note; absent for a customer reading their own referrals. */
  note: z.string().nullable().optional(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable().optional(),
  updatedAt: z.string(),
});
export type TReferral = z.infer<typeof ZReferral>;

const fields = {
  referrerCustomerId: ZId,
  referredCustomerId: ZId.nullish(),
  referredName: z.string().trim().min(1).max(200).nullish(),
  referredEmail: z.email().trim().max(254).nullish(),
  bookingId: ZId.nullish(),
  status: z.enum(REFERRAL_STATUSES).optional(),
  rewardAmount: ZRewardAmount.nullish(),
  rewardCurrency: ZCurrencyCode.nullish(),
  note: z.string().trim().max(2000).nullish(),
};

/** A new referral; without status open (booked once it names a booking). Rewarding is a change of a stored one. */
export const ZCreateReferral = z.object(fields);
export type TCreateReferral = z.infer<typeof ZCreateReferral>;

/** A change: only what the body names. */
export const ZUpdateReferral = z.object({ ...fields, referrerCustomerId: ZId.optional() });
export type TUpdateReferral = z.infer<typeof ZUpdateReferral>;

/** A referral as stored, the way the rules read it. */
export type TReferralState = {
  referrerCustomerId: number | null;
  referredCustomerId: number | null;
  referredName: string | null;
  referredEmail: string | null;
  bookingId: number | null;
  status: TReferralStatus;
  rewardAmount: string | null;
  rewardCurrency: string | null;
};

/** A referral before its first write: open, naming nobody. */
export const NEW_REFERRAL: TReferralState = {
  referrerCustomerId: null,
  referredCustomerId: null,
  referredName: null,
  referredEmail: null,
  bookingId: null,
  status: 'open',
  rewardAmount: null,
  rewardCurrency: null,
};

export type TReferralProblem = { path: string; message: string };

/** Two amounts equal as numbers ("25" = "25.00"); null only equals null. */
export const sameAmount = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : new Decimal(a).eq(b);

/**
 * The status after a change: an open referral with a booking is booked (also when a form sends "open" with it);
 * removing the booking moves a booked one back to open, unless the change names booked itself (then refused).
 */
export function settledStatus(next: TReferralState, statusGiven: boolean): TReferralStatus {
  if (next.status === 'open' && next.bookingId !== null) return 'booked';
  if (next.status === 'booked' && next.bookingId === null && !statusGiven) return 'open';
  return next.status;
}

/** What is wrong with a referral as it would be stored (the rules that need no database). */
export function referralProblems(next: TReferralState): TReferralProblem[] {
  const problems: TReferralProblem[] = [];
  const byName = next.referredName !== null || next.referredEmail !== null;
  if (next.referredCustomerId !== null && byName)
    problems.push({
      path: 'referredCustomerId',
      message: 'Name the referred either as a customer or by name and e-mail, not both',
    });
  else if (next.referredCustomerId === null && (next.referredName === null || next.referredEmail === null))
    problems.push({
      path: next.referredName === null ? 'referredName' : 'referredEmail',
      message: 'Name the referred: a customer, or a name and an e-mail',
    });
  if (next.referredCustomerId !== null && next.referredCustomerId === next.referrerCustomerId)
    problems.push({ path: 'referredCustomerId', message: 'A customer cannot refer themselves' });
  if (next.bookingId !== null && next.referredCustomerId === null)
    problems.push({ path: 'bookingId', message: 'Only a referred customer has a booking' });
  if (next.status === 'booked' && next.bookingId === null)
    problems.push({ path: 'bookingId', message: 'A booked referral names its booking' });
  if (next.status === 'rewarded' && (next.rewardAmount === null || next.rewardCurrency === null))
    problems.push({
      path: next.rewardAmount === null ? 'rewardAmount' : 'rewardCurrency',
      message: 'A reward needs an amount and a currency',
    });
  if (next.status === 'rewarded' && next.bookingId === null)
    problems.push({ path: 'bookingId', message: 'A reward needs a confirmed booking' });
  return problems;
}

const LOCKED_WHEN_REWARDED = [
  'referrerCustomerId',
  'referredCustomerId',
  'bookingId',
  'status',
  'rewardCurrency',
] as const;

/**
 * What a change would alter of a rewarded referral that it may not: the reward is paid and its credit entry stands,
 * so the referrer, the referred, the booking, the status, the amount and the currency stay (the note may change).
 */
export function rewardedChanges(existing: TReferralState, next: TReferralState): string[] {
  if (existing.status !== 'rewarded') return [];
  const changed: string[] = LOCKED_WHEN_REWARDED.filter((key) => existing[key] !== next[key]);
  if (!sameAmount(existing.rewardAmount, next.rewardAmount)) changed.push('rewardAmount');
  return changed;
}
