// Exact money arithmetic for the specials engine in integer micro-units (1 = 0.000001). Line totals
// have 2 decimals and percents at most 2, so B × v / 100 has at most 6 decimals: it is exact here,
// and integer sums are exact. Shares (a line among persons, nights, beds) are split with the largest
// remainder, so they always add up to the whole. Products that could pass 2^53 go through BigInt.

export const SCALE = 1_000_000;
export const CENT = 10_000;
const MAX = Number.MAX_SAFE_INTEGER;
const DECIMAL = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/;

/** "1400.07" → 1400070000; digits past the sixth round half-up. */
export function toUnits(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value;
  const m = DECIMAL.exec(text);
  if (!m) return Math.round(Number(text) * SCALE);
  const frac = m[3] ?? '';
  let units = Number(m[2] || '0') * SCALE + Number(`${frac}000000`.slice(0, 6));
  if (frac.length > 6 && frac.charCodeAt(6) >= 53) units += 1;
  return m[1] === '-' ? -units : units;
}

/** Half-up (away from zero) integer division. */
export function divRound(n: number, d: number): number {
  const abs = Math.abs(n);
  const r = abs % d;
  const q = (abs - r) / d + (2 * r >= d ? 1 : 0);
  return n < 0 ? -q : q;
}

function bigDivRound(n: bigint, d: bigint): number {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const q = abs / d + ((abs % d) * 2n >= d ? 1n : 0n);
  return Number(neg ? -q : q);
}

/** round(a × b / d), exact. */
export function mulDivRound(a: number, b: number, d: number): number {
  const p = a * b;
  if (Math.abs(p) <= MAX) return divRound(p, d);
  return bigDivRound(BigInt(a) * BigInt(b), BigInt(d));
}

/** `v` % of `units`, over `div` units (a bed's share): exact for percents with up to 2 decimals. */
export function percentOf(units: number, percentUnits: number, div = 1): number {
  if (percentUnits % CENT === 0) return mulDivRound(units, percentUnits / CENT, CENT * div);
  return mulDivRound(units, percentUnits, 100 * SCALE * div);
}

/** To whole cents, half-up away from zero. */
export const roundCents = (units: number): number => divRound(units, CENT) * CENT;
/** Down to whole cents (towards zero): a cap never rounds up past what is there. */
export const floorCents = (units: number): number => Math.trunc(units / CENT) * CENT;

/** Units as money with 2 decimals ("-200.00"), rounded half-up to cents. */
export function fromUnits(units: number): string {
  const cents = divRound(units, CENT);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Units as a plain decimal with no trailing zeros ("10", "12.5"). */
export function plainUnits(units: number): string {
  const abs = Math.abs(units);
  const frac = String(abs % SCALE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  const text = `${Math.floor(abs / SCALE)}${frac ? `.${frac}` : ''}`;
  return units < 0 ? `-${text}` : text;
}

/**
 * Splits `total` in proportion to `weights` (their sizes; all zero: equally) into integers that add up
 * to `total` exactly: each gets the floor of its part, the few units left go one each to the first.
 * (A unit is a millionth: which share gets it does not matter, that the sum is exact does.)
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  if (n === 1) return [total];
  let sum = 0;
  for (const w of weights) sum += Math.abs(w);
  const even = sum === 0;
  const whole = Math.abs(total);
  const out: number[] = new Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const f = even ? Math.floor(whole / n) : Math.floor((whole * Math.abs(weights[i] as number)) / sum);
    out[i] = f;
    given += f;
  }
  let left = whole - given;
  for (let i = 0; left !== 0; i = (i + 1) % n) {
    if (!even && weights[i] === 0) continue;
    const step = left > 0 ? 1 : -1;
    out[i] = (out[i] as number) + step;
    left -= step;
  }
  return total < 0 ? out.map((v) => -v) : out;
}
