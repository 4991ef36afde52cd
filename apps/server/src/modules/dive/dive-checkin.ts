import { ZTripRequirements } from '@atoll/domain/dive/plan';
import { readiness } from '@atoll/domain/dive/readiness';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { createDiveRepository } from './dive.repository.ts';

// Check-in and the dive day (docs/domain/dive-day.md "Check-in"): while the dive log is switched on, a guest
// who is not ready to dive (the plain requirements: certification, medical, insurance) stops the check-in
// with a warning; staff may check in anyway with a reason, which the booking's history keeps.

const repository = createDiveRepository();

export type TNotReady = { customerId: number; name: string; missing: string[] };

/** The guests (customer ids) not ready to dive on `day`; none while the diveLog switch is off. */
export async function notReadyToDive(ex: Executor, customerIds: number[], day: string): Promise<TNotReady[]> {
  const [on] = await ex
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.group, 'features'), eq(settings.key, 'diveLog')));
  if (on?.value !== true || !customerIds.length) return [];
  const facts = await repository.customerFacts(ex, [...new Set(customerIds)]);
  const requirements = ZTripRequirements.parse({});
  return [...facts.entries()]
    .map(([customerId, known]) => ({
      customerId,
      name: known.name,
      missing: readiness(known.facts, requirements, day).missing as string[],
    }))
    .filter((g) => g.missing.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The check-in's rule: guests not ready → 409 NOT_READY naming them (details: path = customer id, message =
 * what is missing), unless a reason is given; then the history entry that keeps who was not ready and why.
 */
export async function checkInReadiness(
  ex: Executor,
  customerIds: number[],
  day: string,
  reason: string | undefined,
) {
  const notReady = await notReadyToDive(ex, customerIds, day);
  if (!notReady.length) return [];
  const text = notReady.map((g) => `${g.name}: ${g.missing.join(', ')}`).join('; ');
  if (!reason)
    throw new AppError(
      409,
      'NOT_READY',
      `Not ready to dive: ${text}. Check in anyway with a reason.`,
      notReady.map((g) => ({
        path: `customers.${g.customerId}`,
        code: 'NOT_READY',
        message: g.missing.join(', '),
      })),
    );
  return [{ path: 'checkIn.notReadyToDive', from: null, to: { guests: text, reason } }];
}
