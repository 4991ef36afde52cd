import { describe, expect, it } from 'vitest';
import { lifecycleActions } from './lifecycleActions.ts';

const trip = { state: 'confirmed' as const, vesselId: 3, references: [], rooms: [{}] };

describe('lifecycleActions', () => {
  it('offers rebook for a held departure booking, split only with two rooms', () => {
    expect(lifecycleActions(trip)).toEqual(['rebook', 'changeRoom', 'revert']);
    expect(lifecycleActions({ ...trip, rooms: [{}, {}] })).toContain('split');
    expect(lifecycleActions({ ...trip, vesselId: null })).not.toContain('rebook');
    expect(lifecycleActions({ ...trip, state: 'draft' })).toEqual(['changeRoom']);
  });

  it('offers to revert a rebook on both bookings of it', () => {
    expect(lifecycleActions({ ...trip, state: 'rebooked' })).toEqual(['revertRebook']);
    const rebooked = { ...trip, references: [{ kind: 'rebookedFrom' as const, bookingId: 1 }] };
    expect(lifecycleActions(rebooked)).toContain('revertRebook');
    expect(lifecycleActions({ ...trip, state: 'aborted' })).toEqual(['revert']);
  });
});
