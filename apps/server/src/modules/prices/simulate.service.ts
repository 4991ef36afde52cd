import { calculate } from '@atoll/domain/pricing/calculate';
import type { TSimulateRequest, TSimulateResult } from '@atoll/domain/pricing/engine-types';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { TReferenceCache } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { withoutCommissionWhy } from './commission-redaction.ts';
import { PRICE_READ } from './price-access.ts';
import { loadPricingInput } from './pricing-input.ts';

/**
 * The price simulator: a draft priced with the stored data, nothing written. Staff get the engine's answer
 * as it is. An agent (agencies.self) prices for its own agency on its channel, whatever the body says,
 * as `POST /api/bookings` would book it, with its commission but not why a commission special applied or not.
 */
export function createSimulateService(deps: { db: Db; reference?: TReferenceCache }) {
  return {
    async simulate(user: TSessionUser, request: TSimulateRequest): Promise<TSimulateResult> {
      if (hasScope(user.scopes, PRICE_READ))
        return calculate(await loadPricingInput(deps.db, user, request, {}, deps.reference?.reads()));
      if (!hasScope(user.scopes, ['agencies.self']) || !user.agencyId) throw forbidden();
      const own = {
        ...request,
        agencyId: user.agencyId,
        channel: 'AgentDirectBooking' as const,
      };
      const result = calculate(await loadPricingInput(deps.db, user, own, {}, deps.reference?.reads()));
      return { ...result, why: withoutCommissionWhy(result.why) };
    },
  };
}
export type TSimulateService = ReturnType<typeof createSimulateService>;
