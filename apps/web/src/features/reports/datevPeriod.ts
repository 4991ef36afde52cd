const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of a year or of one of its months (1–12); DATEV's file holds one year at most. */
export function datevPeriod(year: string, month: string | null): { from: string; to: string } {
  if (!month) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const m = Number(month);
  const last = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  return { from: `${year}-${pad(m)}-01`, to: `${year}-${pad(m)}-${pad(last)}` };
}
