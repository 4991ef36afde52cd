import {
  NEW_REFERRAL,
  REWARDABLE_BOOKING_STATES,
  referralProblems,
  rewardedChanges,
  settledStatus,
  type TCreateReferral,
  type TReferral,
  type TReferralState,
  type TReferralStatus,
  type TUpdateReferral,
} from '@atoll/domain/referrals';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { defined, type TWriteContext } from '../../http/resource.ts';
import type { TCreditsRepository } from '../credits/credits.repository.ts';
import type { TReferralRow, TReferralsRepository } from './referrals.repository.ts';

// The rules of referrals (docs/domain/referrals.md) behind the generic calls of /api/referral: whom a referral
// names, the status a booking moves it to, and the reward, written as credit to the referrer in the same
// transaction as the referral.

export const REFERRAL_ACCESS = {
  read: ['referral.read'],
  create: ['referral.create'],
  update: ['referral.update'],
  delete: ['referral.delete'],
};

const stateOf = (row: TReferralRow): TReferralState => ({
  referrerCustomerId: row.referrerCustomerId,
  referredCustomerId: row.referredCustomerId,
  referredName: row.referredName,
  referredEmail: row.referredEmail,
  bookingId: row.bookingId,
  status: row.status as TReferralStatus,
  rewardAmount: row.rewardAmount,
  rewardCurrency: row.rewardCurrency,
});

/** A customer reading their own referrals does not see the office's note nor who wrote it down. */
export function redactReferral(user: TSessionUser, out: TReferral): TReferral {
  if (hasScope(user.scopes, REFERRAL_ACCESS.read)) return out;
  const { note: _n, createdBy: _c, ...rest } = out;
  return rest;
}

export function createReferralsService(deps: {
  repository: TReferralsRepository;
  credits: TCreditsRepository;
}) {
  const { repository: repo, credits } = deps;

  /** The customers, the booking and the currency a referral names, as they are now. */
  async function checkReferences(tx: Tx, next: TReferralState, id: number | undefined) {
    const named = [next.referrerCustomerId, next.referredCustomerId].filter((c) => c !== null);
    const existing = await repo.existingCustomers(tx, named);
    if (next.referrerCustomerId !== null && !existing.has(next.referrerCustomerId))
      throw badRequest('The customer does not exist', 'referrerCustomerId');
    if (next.referredCustomerId !== null) {
      if (!existing.has(next.referredCustomerId))
        throw badRequest('The customer does not exist', 'referredCustomerId');
      if (await repo.referralOf(tx, next.referredCustomerId, id))
        throw conflict('The customer has been referred already');
    }
    if (next.rewardCurrency !== null && !(await repo.isActiveCurrency(tx, next.rewardCurrency)))
      throw badRequest('The currency does not exist', 'rewardCurrency');
    if (next.bookingId === null) return undefined;
    const booking = await repo.booking(tx, next.bookingId);
    if (!booking) throw badRequest('The booking does not exist', 'bookingId');
    if (booking.customerId !== next.referredCustomerId)
      throw badRequest('The booking is not one of the referred customer', 'bookingId');
    return booking;
  }

  /** The reward: a credit entry of the amount for the referrer, in the referral's transaction. */
  async function reward(ctx: TWriteContext, existing: TReferralRow, next: TReferralState) {
    const owner = { kind: 'customer', id: existing.referrerCustomerId } as const;
    await credits.lockOwner(ctx.tx, owner);
    return credits.insert(ctx.tx, {
      customerId: existing.referrerCustomerId,
      currency: next.rewardCurrency ?? '',
      amount: next.rewardAmount ?? '0',
      bookingId: next.bookingId,
      note: `Referral #${existing.id}`,
      userId: ctx.user.id,
    });
  }

  return {
    /** The columns of a new referral or of a change; a change to rewarded writes the credit. */
    async values(ctx: TWriteContext, input: TCreateReferral | TUpdateReferral, existing?: TReferralRow) {
      const given = defined(input);
      if (!existing && input.status === 'rewarded')
        throw badRequest('Only a stored referral is rewarded', 'status');
      const before = existing ? stateOf(existing) : NEW_REFERRAL;
      const merged = { ...before, ...given } as TReferralState;
      const next = { ...merged, status: settledStatus(merged, input.status !== undefined) };
      const locked = rewardedChanges(before, next);
      if (locked.length > 0) throw conflict(`A rewarded referral keeps its ${locked.join(', ')}`);
      const [problem] = referralProblems(next);
      if (problem) throw badRequest(problem.message, problem.path);
      const booking = await checkReferences(ctx.tx, next, existing?.id);
      const values: Record<string, unknown> = { ...given, status: next.status };
      if (!existing) return { ...values, createdBy: ctx.user.id };
      if (next.status !== 'rewarded' || existing.status === 'rewarded') return values;
      if (!booking || !(REWARDABLE_BOOKING_STATES as readonly string[]).includes(booking.state))
        throw conflict('The booking is not confirmed');
      const entry = await reward(ctx, existing, next);
      return { ...values, creditEntryId: entry.id, rewardedAt: new Date() };
    },

    /** A copy: a new open referral of the same referrer, naming nobody yet. */
    copyValues(user: TSessionUser, row: TReferralRow) {
      return { referrerCustomerId: row.referrerCustomerId, status: 'open', createdBy: user.id };
    },

    /** The reward is paid: its referral stays. */
    assertMayDelete(row: TReferralRow) {
      if (row.status === 'rewarded') throw conflict('A rewarded referral is not deleted');
    },
  };
}
export type TReferralsService = ReturnType<typeof createReferralsService>;
