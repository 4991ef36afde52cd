import { describe, expect, it } from 'vitest';
import {
  HOUSEKEEPING_STATES,
  ROOM_STATES,
  stateField,
  USAGE_STATES,
  ZRoomConfigurationInput,
} from './rooms.ts';

describe('room states', () => {
  it('each state value belongs to exactly one list and sets that field', () => {
    expect(new Set(ROOM_STATES).size).toBe(HOUSEKEEPING_STATES.length + USAGE_STATES.length);
    for (const s of HOUSEKEEPING_STATES) expect(stateField(s)).toBe('housekeeping');
    for (const s of USAGE_STATES) expect(stateField(s)).toBe('usageState');
  });
});

describe('room configuration input', () => {
  it('defaults to 2 pax (spec booking §5) and no beds', () => {
    expect(ZRoomConfigurationInput.parse({})).toMatchObject({
      maxNoOfPax: 2,
      minNoOfPax: 1,
      defaultNoOfPax: 2,
      beds: [],
    });
  });

  it('needs min ≤ default ≤ max pax', () => {
    expect(
      ZRoomConfigurationInput.safeParse({ minNoOfPax: 2, defaultNoOfPax: 2, maxNoOfPax: 2 }).success,
    ).toBe(true);
    expect(
      ZRoomConfigurationInput.safeParse({ minNoOfPax: 3, defaultNoOfPax: 2, maxNoOfPax: 4 }).success,
    ).toBe(false);
    expect(ZRoomConfigurationInput.safeParse({ defaultNoOfPax: 3, maxNoOfPax: 2 }).success).toBe(false);
  });

  it('refuses a bed internalId used twice and names the second bed', () => {
    const result = ZRoomConfigurationInput.safeParse({
      beds: [{ internalId: 'A' }, { internalId: 'B' }, { internalId: 'A' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['beds', 2, 'internalId']);
  });
});
