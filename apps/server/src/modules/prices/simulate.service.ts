import { calculate } from '@atoll/domain/pricing/calculate';
import type { TPricingResult, TSimulateRequest } from '@atoll/domain/pricing/engine-types';
import type { Db } from '../../db/client.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { loadPricingInput } from './pricing-input.ts';

/** The price simulator: a draft priced with the stored data, nothing written; the engine's answer as it is. */
export function createSimulateService(deps: { db: Db }) {
  return {
    async simulate(user: TSessionUser, request: TSimulateRequest): Promise<TPricingResult> {
      return calculate(await loadPricingInput(deps.db, user, request));
    },
  };
}
