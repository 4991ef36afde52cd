import { z } from 'zod';

// The history of a booking (spec booking §7 `{id}/history/diff`): what changed between two snapshots,
// as field changes with a readable path. Pure: the server loads the snapshots, this compares them.

export const ZFieldChange = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });
export type TFieldChange = z.infer<typeof ZFieldChange>;

const ZVersionNo = z.coerce.number().int().min(1).max(2_147_483_647);
/** `GET {id}/history/diff?from=&to=`: the two versions to compare. */
export const ZHistoryDiffQuery = z.object({ from: ZVersionNo, to: ZVersionNo });
export type THistoryDiffQuery = z.infer<typeof ZHistoryDiffQuery>;

export const ZHistoryDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(ZFieldChange),
});
export type THistoryDiff = z.infer<typeof ZHistoryDiff>;

/**
 * What a version row says was done: every booking write names one of these, and the history shows it in words
 * (the web's `bookings.history.actions`, German and English; a test keeps the two in step).
 */
export const BOOKING_ACTIONS = [
  'create',
  'change',
  'cancell',
  'release',
  'reloadPrice',
  'rebook',
  'changeRoom',
  'revertRebook',
  'splitByCustomer',
  'reindex',
  'revert',
  'checkin',
  'checkout',
  'delete',
  'abandon',
  'addRoom',
  'agency',
  'cancel',
  'changeCustomer',
  'changePrice',
  'changeTerms',
  'commission',
  'confirm',
  'confirmPayment',
  'currency',
  'expire',
  'language',
  'lockUnlockRoom',
  'moveDates',
  'payment',
  'removeCustomer',
  'removePayment',
  'removeRoom',
  'resolve',
  'updateRoom',
  'variant',
  'setGuests',
  'split',
  'addProduct',
  'addAddon',
  'onsiteAdd',
  'onsiteUpdate',
  'onsiteDelete',
  'onsiteVoid',
  'onsitePayment',
  'onsiteRemovePayment',
  'onsiteMoveOut',
  'onsiteMoveIn',
  'diveCharge',
  'posSale',
  'solveTodo',
  'calculation.add',
  'calculation.edit',
  'calculation.delete',
  'calculation.refresh',
  'calculation.rename',
  'calculation.sort',
  'calculation.special',
  'calculation.removeCancellationFee',
  'calculation.updatePaymentPolicy',
  'refund',
  'posCharge',
  'posChange',
  'posRemove',
] as const;
export type TBookingAction = (typeof BOOKING_ACTIONS)[number];

/** Fields that change on every write and say nothing about the booking. */
export const DIFF_IGNORED = ['version', 'updatedAt'] as const;

type TJson = unknown;
type TOptions = { ignore?: readonly string[] };

const isObject = (v: TJson): v is Record<string, TJson> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** JSON has no undefined: a missing field counts as null. */
const orNull = (v: TJson) => (v === undefined ? null : v);

function sameValue(a: TJson, b: TJson): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * How the items of an array are matched across versions: calculation lines by their engine `key`, rooms
 * and guests by `id`, the specials' explanations (`why`) by their `name`, anything else by position. The key
 * must be unique on both sides, else position.
 */
function identity(items: readonly TJson[]): ((item: TJson, index: number) => string) | undefined {
  if (items.length === 0 || !items.every(isObject)) return undefined;
  for (const field of ['key', 'id', 'name'] as const) {
    const values = items.map((item) => (item as Record<string, TJson>)[field]);
    const usable = values.every((v) => typeof v === 'string' || typeof v === 'number');
    if (usable && new Set(values).size === values.length) {
      return (item) => `${field}=${String((item as Record<string, TJson>)[field])}`;
    }
  }
  return undefined;
}

const isPlain = (v: TJson) => !isObject(v) && !Array.isArray(v);

function diffArrays(path: string, a: TJson[], b: TJson[], out: TFieldChange[], skip: ReadonlySet<string>) {
  const byA = identity(a);
  const byB = identity(b);
  const kindOf = (by: typeof byA, items: TJson[]) => by?.(items[0], 0).split('=')[0];
  // Matched by identity when both sides use the same one (key on both, or id on both) or one is empty.
  const idOf =
    byA && byB ? (kindOf(byA, a) === kindOf(byB, b) ? byA : undefined) : a.length === 0 ? byB : byA;
  if (!idOf || (!byA && a.length) || (!byB && b.length)) {
    if (a.every(isPlain) && b.every(isPlain)) {
      // Lists of plain values (rule texts, steps): one change for the whole list.
      out.push({ path, from: a, to: b });
      return;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) walk(`${path}[${i}]`, orNull(a[i]), orNull(b[i]), out, skip);
    return;
  }
  const before = new Map(a.map((item, i) => [idOf(item, i), item]));
  const after = new Map(b.map((item, i) => [idOf(item, i), item]));
  // Items matched by `key` get new ids when the engine writes them again: the id says nothing then.
  const byKey = (kindOf(byA, a) ?? kindOf(byB, b)) === 'key';
  const innerSkip = byKey ? new Set([...skip, 'id']) : skip;
  for (const [id, item] of before) {
    walk(`${path}[${id}]`, item, orNull(after.get(id)), out, innerSkip);
  }
  for (const [id, item] of after) {
    if (!before.has(id)) out.push({ path: `${path}[${id}]`, from: null, to: item });
  }
}

function walk(path: string, a: TJson, b: TJson, out: TFieldChange[], skip: ReadonlySet<string>) {
  if (sameValue(a, b)) return;
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      if (skip.has(key)) continue;
      walk(path ? `${path}.${key}` : key, orNull(a[key]), orNull(b[key]), out, skip);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    diffArrays(path, a, b, out, skip);
    return;
  }
  out.push({ path, from: a, to: b });
}

/**
 * The field changes from snapshot `from` to snapshot `to`, in the order of the fields: `state`,
 * `rooms[id=12].to`, `calculation[key=room:r1].total`, `rooms[id=13]` (added: from null). Fields in
 * `ignore` (default: version, updatedAt) are skipped at every depth.
 */
export function diffSnapshots(from: TJson, to: TJson, options: TOptions = {}): TFieldChange[] {
  const out: TFieldChange[] = [];
  walk('', orNull(from), orNull(to), out, new Set(options.ignore ?? DIFF_IGNORED));
  return out;
}
