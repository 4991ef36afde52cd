import type {
  TChannel,
  TResortAvailability,
  TScheduleAvailability,
  TScheduleCapacity,
} from '@atoll/domain/inventory/availability';
import type { Db } from '../../db/client.ts';
import type { TSettingsService } from '../settings/settings.service.ts';

/** The one availability engine every booking path asks (domain-rules §1–§2). */
export function createAvailabilityService(deps: { db: Db; settings: TSettingsService }) {
  void deps;
  return {
    async resort(
      _resortId: number,
      _query: { from: string; to: string; channel: TChannel; roomTypeId?: number },
    ): Promise<TResortAvailability> {
      throw new Error('not yet');
    },
    async schedule(_scheduleId: number, _channel: TChannel): Promise<TScheduleAvailability> {
      throw new Error('not yet');
    },
    /** Free cabins and berths of many departures in one go (tour lists, online departures by month). */
    async capacities(_scheduleIds: number[], _channel: TChannel): Promise<TScheduleCapacity[]> {
      throw new Error('not yet');
    },
  };
}
export type TAvailabilityService = ReturnType<typeof createAvailabilityService>;
