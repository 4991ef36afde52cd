import { z } from 'zod';

// Diver readiness (docs/domain/dive-day.md): what a diver has (certification, logged dives, medical
// statement, insurance, nitrox card) against what a trip asks for.

/** Certification levels in ascending order; agencies name them differently, `levelOf` maps the names. */
export const CERT_LEVELS = ['openWater', 'advanced', 'rescue', 'divemaster', 'instructor'] as const;
export type TCertLevel = (typeof CERT_LEVELS)[number];

export const READINESS_GAPS = [
  'certification',
  'level',
  'loggedDives',
  'medical',
  'medicalExpired',
  'physician',
  'insurance',
  'nitrox',
] as const;
export type TReadinessGap = (typeof READINESS_GAPS)[number];

export const ZReadiness = z.object({
  ready: z.boolean(),
  missing: z.array(z.enum(READINESS_GAPS)),
  level: z.enum(CERT_LEVELS).nullable(),
  loggedDives: z.number().int(),
});
export type TReadiness = z.infer<typeof ZReadiness>;

export type TDiverFacts = {
  certLevel: string | null;
  /** Declared dives plus those in the log. */
  loggedDives: number;
  hasNitrox: boolean;
  medicalDate: string | null;
  /** A "yes" on the questionnaire. */
  medicalYes: boolean;
  physicianSignOff: boolean;
  insurance: string | null;
};

export type TRequirements = {
  minLevel: TCertLevel | null;
  minDives: number | null;
  nitrox: boolean;
  medicalMonths: number;
};

const PATTERNS: [TCertLevel, RegExp][] = [
  ['instructor', /instructor|msdt|idc|\bowsi\b|trainer/i],
  ['divemaster', /dive\s*master|divemaster|\bdm\b|dive\s*con|assistant/i],
  ['rescue', /rescue|\bstress\b|\*\*\*/i],
  ['advanced', /advanced|\baow\b|\bav\b|\*\*|adventure/i],
  ['openWater', /open\s*water|\bow\b|\bowd\b|\*|scuba diver|sports? diver|basic/i],
];

/** The level a certification's name stands for; null when it names none we know. */
export function levelOf(name: string | null | undefined): TCertLevel | null {
  if (!name?.trim()) return null;
  for (const [level, pattern] of PATTERNS) if (pattern.test(name)) return level;
  return null;
}

/** The day `months` months before `day` (ISO dates, calendar arithmetic, clamped to the month's end). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whether a diver may join a trip on `day`, and what is missing if not. */
export function readiness(facts: TDiverFacts, req: TRequirements, day: string): TReadiness {
  const missing: TReadinessGap[] = [];
  const level = levelOf(facts.certLevel);
  if (!level) missing.push('certification');
  else if (req.minLevel && CERT_LEVELS.indexOf(level) < CERT_LEVELS.indexOf(req.minLevel))
    missing.push('level');
  if (req.minDives !== null && facts.loggedDives < req.minDives) missing.push('loggedDives');
  if (!facts.medicalDate) missing.push('medical');
  else if (facts.medicalDate < monthsBefore(day, req.medicalMonths)) missing.push('medicalExpired');
  if (facts.medicalYes && !facts.physicianSignOff) missing.push('physician');
  if (!facts.insurance?.trim()) missing.push('insurance');
  if (req.nitrox && !facts.hasNitrox) missing.push('nitrox');
  return { ready: missing.length === 0, missing, level, loggedDives: facts.loggedDives };
}

export type TTripLoad = { divers: number; guides: number; boatCapacity: number | null; maxPerGuide: number };

/** Capacity problems of a trip: more divers than the boat takes, or than its guides may lead. */
export function tripProblems(load: TTripLoad): ('boatFull' | 'guideRatio' | 'noGuide')[] {
  const problems: ('boatFull' | 'guideRatio' | 'noGuide')[] = [];
  if (load.boatCapacity !== null && load.divers > load.boatCapacity) problems.push('boatFull');
  if (load.divers > 0 && load.guides === 0) problems.push('noGuide');
  else if (load.divers > load.guides * load.maxPerGuide) problems.push('guideRatio');
  return problems;
}
