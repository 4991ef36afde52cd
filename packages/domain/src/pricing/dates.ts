// Calendar-day arithmetic on ISO dates (YYYY-MM-DD) as plain day numbers: no Date objects and no time
// zone, and fast enough for the per-night loops of the engine (H. Hinnant's civil-date algorithms).

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** Days since 1970-01-01 of an ISO date. */
export function dayNumber(day: string): number {
  const year = digit(day, 0) * 1000 + digit(day, 1) * 100 + digit(day, 2) * 10 + digit(day, 3);
  const m = digit(day, 5) * 10 + digit(day, 6);
  const d = digit(day, 8) * 10 + digit(day, 9);
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The ISO date of a day number. */
export function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

export const addDays = (day: string, days: number): string => fromDayNumber(dayNumber(day) + days);

/** Days in the closed range `[from, to]` (a season's `valid` or a period). */
export const spanDays = (from: string, to: string): number => daysBetween(from, to) + 1;

/** The nights of the stay `[from, to)`. */
export function nightsBetween(from: string, to: string): string[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const out: string[] = [];
  for (let n = start; n < end; n++) out.push(fromDayNumber(n));
  return out;
}
