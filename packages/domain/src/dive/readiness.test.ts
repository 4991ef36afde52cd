import { describe, expect, it } from 'vitest';
import { levelOf, monthsBefore, readiness, type TDiverFacts, tripProblems } from './readiness.ts';

const ready: TDiverFacts = {
  certLevel: 'PADI Advanced Open Water',
  loggedDives: 40,
  hasNitrox: false,
  medicalDate: '2041-01-10',
  medicalYes: false,
  physicianSignOff: false,
  insurance: 'DAN',
};
const none = { minLevel: null, minDives: null, nitrox: false, medicalMonths: 12 };

describe('certification levels', () => {
  it('reads the agencies’ names', () => {
    expect(levelOf('PADI Open Water Diver')).toBe('openWater');
    expect(levelOf('SSI Advanced Adventurer')).toBe('advanced');
    expect(levelOf('CMAS **')).toBe('advanced');
    expect(levelOf('Rescue Diver')).toBe('rescue');
    expect(levelOf('PADI Divemaster')).toBe('divemaster');
    expect(levelOf('PADI MSDT')).toBe('instructor');
    expect(levelOf('snorkeller')).toBeNull();
    expect(levelOf('')).toBeNull();
  });
});

describe('readiness', () => {
  it('is ready with certification, a medical within 12 months and insurance', () => {
    expect(readiness(ready, none, '2041-03-30')).toEqual({
      ready: true,
      missing: [],
      level: 'advanced',
      loggedDives: 40,
    });
  });

  it('names every gap against the trip’s requirements', () => {
    const req = { minLevel: 'rescue' as const, minDives: 50, nitrox: true, medicalMonths: 12 };
    const facts = { ...ready, medicalDate: '2040-03-29', medicalYes: true, insurance: ' ' };
    expect(readiness(facts, req, '2041-03-30').missing).toEqual([
      'level',
      'loggedDives',
      'medicalExpired',
      'physician',
      'insurance',
      'nitrox',
    ]);
    expect(readiness({ ...ready, certLevel: null, medicalDate: null }, none, '2041-03-30').missing).toEqual([
      'certification',
      'medical',
    ]);
  });

  it('takes a medical of exactly 12 months and a physician’s sign-off', () => {
    const facts = { ...ready, medicalDate: '2040-03-30', medicalYes: true, physicianSignOff: true };
    expect(readiness(facts, none, '2041-03-30').ready).toBe(true);
    expect(monthsBefore('2041-03-31', 1)).toBe('2041-02-28');
    expect(monthsBefore('2041-01-15', 12)).toBe('2040-01-15');
  });
});

describe('trip capacity', () => {
  it('finds a full boat, a missing guide and too many divers per guide', () => {
    expect(tripProblems({ divers: 8, guides: 2, boatCapacity: 8, maxPerGuide: 4 })).toEqual([]);
    expect(tripProblems({ divers: 9, guides: 2, boatCapacity: 8, maxPerGuide: 4 })).toEqual([
      'boatFull',
      'guideRatio',
    ]);
    expect(tripProblems({ divers: 1, guides: 0, boatCapacity: null, maxPerGuide: 4 })).toEqual(['noGuide']);
    expect(tripProblems({ divers: 0, guides: 0, boatCapacity: 0, maxPerGuide: 4 })).toEqual([]);
  });
});
