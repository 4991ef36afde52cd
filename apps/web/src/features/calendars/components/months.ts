/** The current month as `YYYY-MM`. */
export const thisMonth = (today: string) => today.slice(0, 7);

/** `[first day of month, first day after `count` months)` of a `YYYY-MM` month. */
export function monthRange(month: string, count: number): { from: string; to: string } {
  const [year = 1970, mon = 1] = month.split('-').map(Number);
  const end = new Date(Date.UTC(year, mon - 1 + count, 1)).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: end };
}
