import { isEditable, type TBooking, type TBookingState } from '@atoll/domain/bookings';
import type { TBookingAction } from '@atoll/domain/bookings/history';
import { D } from '@atoll/domain/money';
import type { TCalcLine, TChosenSpecial } from '@atoll/domain/pricing/engine-types';
import { computeTotals } from '@atoll/domain/pricing/totals';
import { productKeyOfLine, type TChosenProduct } from '@atoll/domain/products';
import { hasScope } from '@atoll/domain/scopes';
import { z } from 'zod';
import { today } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow, toLine } from '../bookings.repository.ts';
import { priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TLineRow } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { createCalculationWritesRepository } from './calculation.repository.ts';
import { invalidState } from './change-booking.flow.ts';

const bookingRepo = createBookingsRepository();

// Editing a booking's calculation by hand (docs/domain/calculation-lines.md and specials.md; spec booking §7): manual
// lines added, edited, renamed, sorted and deleted, a recalculation on demand, specials chosen by hand
// and the goodwill removal of a cancellation fee. Every call is staff only (bookings.update) and one
// transaction: version check, the change, the recalculation through the one engine (generated lines
// replaced, manual ones kept, so totals stay the sum of the counted lines), the version row, the
// booking answered redacted.

const DECIMAL = /^-?\d{1,10}(\.\d{1,3})?$/;
const ZDecimal = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!DECIMAL.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'a decimal like 120.50' });
    return z.NEVER;
  }
  return s;
});

/** The types a user may add by hand (the others come from the engine, the terms or payments). */
export const MANUAL_LINE_TYPES = ['cost', 'text', 'discount', 'external', 'option', 'product'] as const;
const CUSTOMER_TYPES = ['None', 'Direct', 'OnSite', 'ForFree', 'Info'] as const;

const ZLineFields = z.object({
  type: z.enum(MANUAL_LINE_TYPES),
  text: z.string().trim().min(1).max(500),
  amount: ZDecimal.optional(),
  price: ZDecimal.optional(),
  customerType: z.enum(CUSTOMER_TYPES).optional(),
  guestId: z.number().int().positive().nullable().optional(),
  sort: z.number().int().optional(),
  customData: z
    .object({
      /** external: the operator collects it for the third party (docs/domain/calculation-lines.md). */
      collect: z.boolean().optional(),
      /** discount: a percent of the counted lines (without discounts) instead of a price. */
      percent: ZDecimal.optional(),
    })
    .strict()
    .optional(),
  version: z.number().int().min(1).optional(),
});

/** `POST {bookingId}/calculation`: a new manual line. */
export const ZAddLine = ZLineFields;
export type TAddLine = z.infer<typeof ZAddLine>;
/** `POST {bookingId}/calculation/{calcId}`: the fields to change (type only among the manual types). */
export const ZEditLine = ZLineFields.partial();
export type TEditLine = z.infer<typeof ZEditLine>;
/** `POST {bookingId}/sort`: new display order of lines. */
export const ZSortLines = z
  .array(z.object({ id: z.number().int().positive(), sort: z.number().int() }))
  .min(1);
export type TSortLines = z.infer<typeof ZSortLines>;

type TStep = (tx: Tx, row: TBookingRow, lines: TLineRow[]) => Promise<void>;

const lineNotFound = () => notFound('Calculation line');
const refused = (what: string) => new AppError(409, 'INVALID_STATE', what);

/** Σ totals of billable counted lines, discounts excluded: the base of a percent discount. */
function discountBase(lines: readonly TLineRow[]) {
  const billable = new Set(['cost', 'product', 'special', 'room_cost', 'addon']);
  const counted = new Set(['None', 'Direct', 'OnSite']);
  return lines
    .filter((l) => billable.has(l.type) && counted.has(l.customerType))
    .reduce((sum, l) => sum.plus(l.total), new D(0));
}

/** Amount, price and total of a line as stored: a percent discount priced from the other lines. */
function priced(
  type: string,
  amountIn: string | undefined,
  priceIn: string | undefined,
  percent: string | undefined,
  lines: readonly TLineRow[],
) {
  const amount = new D(amountIn ?? '1');
  if (amount.decimalPlaces() > 3) throw badRequest('at most 3 decimals', 'amount');
  let price = new D(priceIn ?? '0');
  if (type === 'discount' && percent !== undefined) {
    const p = new D(percent);
    if (p.lte(0) || p.gt(100)) throw badRequest('a percent above 0 and at most 100', 'customData.percent');
    price = discountBase(lines).times(p).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).negated();
  } else if (type === 'discount' && price.gt(0)) {
    throw badRequest('a discount is a negative price or a percent', 'price');
  }
  if (price.decimalPlaces() > 2) throw badRequest('at most 2 decimals', 'price');
  const total = type === 'text' ? new D(0) : amount.times(price).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return {
    amount: amount.toFixed(3),
    price: (type === 'text' ? new D(0) : price).toFixed(2),
    total: total.toFixed(2),
  };
}

const findLine = (lines: readonly TLineRow[], id: number) => {
  const line = lines.find((l) => l.id === id);
  if (!line) throw lineNotFound();
  return line;
};

export function createCalculationFlow(deps: Pick<TBookingFlowDeps, 'db' | 'reference'>) {
  const calculationWrites = createCalculationWritesRepository();
  const bookingWrites = createBookingWritesRepository();
  const { db } = deps;

  /**
   * The frame of every call: scope, lock with the version, the state check, the step, the
   * recalculation (unless `reprice` is false), the version row, the redacted answer.
   */
  async function run(
    user: TSessionUser,
    id: number,
    version: number | null,
    action: TBookingAction,
    step: TStep,
    options: { reprice?: boolean; states?: (state: TBookingState) => boolean } = {},
  ): Promise<TBooking> {
    if (!hasScope(user.scopes, ['bookings.update'])) throw forbidden();
    const booking = await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, user, id, version);
      const allowed = options.states ?? isEditable;
      if (!allowed(locked.state as TBookingState)) throw invalidState(locked.state);
      const before = await bookingRepo.loadBooking(tx, id);
      await step(tx, locked, await bookingWrites.lines(tx, id));
      if (options.reprice !== false) {
        const row = await bookingWrites.booking(tx, id);
        if (!row) throw new Error(`booking ${id} vanished inside its transaction`);
        await priceBooking(tx, user, row, deps.reference?.reads());
      }
      return recordVersion(tx, {
        bookingId: id,
        version: locked.version,
        userId: user.id,
        action,
        ...(before ? { before } : {}),
      });
    });
    return redactBooking(user, booking);
  }

  async function guestOf(tx: Tx, bookingId: number, guestId: number | null | undefined) {
    if (guestId == null) return guestId;
    const guests = await bookingWrites.guests(tx, bookingId);
    if (!guests.some((g) => g.id === guestId)) throw badRequest('not a guest of this booking', 'guestId');
    return guestId;
  }

  return {
    /** Adds a manual line (kept by every recalculation). */
    addLine(user: TSessionUser, id: number, input: TAddLine, version: number | null) {
      return run(user, id, version, 'calculation.add', async (tx, _row, lines) => {
        const guestId = (await guestOf(tx, id, input.guestId)) ?? null;
        const money = priced(input.type, input.amount, input.price, input.customData?.percent, lines);
        const n = lines.filter((l) => l.key.startsWith('manual:')).length + 1;
        let key = `manual:${n}`;
        for (let i = n; lines.some((l) => l.key === key); i++) key = `manual:${i + 1}`;
        await bookingWrites.insertLine(tx, id, {
          key,
          type: input.type,
          text: input.text,
          sort: input.sort === undefined || input.sort < 0 ? 9999 : input.sort,
          ...money,
          customerType: input.customerType ?? 'None',
          guestId,
          editable: true,
          deletable: true,
          unique: false,
          manual: true,
          customData: { generator: 'manual', manual: true, ...(input.customData ?? {}) },
          position: lines.reduce((max, l) => Math.max(max, l.position), -1) + 1,
        });
      });
    },

    /**
     * Edits a line. A generated line that is edited becomes manual (same key), so the engine's own
     * line of that key is no longer generated (docs/domain/calculation-lines.md). Refused when not editable.
     */
    editLine(user: TSessionUser, id: number, calcId: number, input: TEditLine, version: number | null) {
      return run(user, id, version, 'calculation.edit', async (tx, _row, lines) => {
        const line = findLine(lines, calcId);
        if (!line.editable) throw refused(`Calculation line ${calcId} is not editable`);
        const ownType = (MANUAL_LINE_TYPES as readonly string[]).includes(line.type);
        if (input.type !== undefined && input.type !== line.type && !ownType)
          throw badRequest(`a ${line.type} line keeps its type`, 'type');
        const type = input.type ?? line.type;
        const data = { ...(line.customData as Record<string, unknown>), ...(input.customData ?? {}) };
        const percent =
          input.customData?.percent ?? (input.price === undefined ? (data.percent as string) : undefined);
        if (input.price !== undefined) delete data.percent;
        const guestId = input.guestId === undefined ? line.guestId : await guestOf(tx, id, input.guestId);
        await bookingWrites.updateLine(tx, calcId, {
          type,
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.sort !== undefined ? { sort: input.sort < 0 ? 9999 : input.sort } : {}),
          ...priced(
            type,
            input.amount ?? line.amount,
            input.price ?? line.price,
            percent,
            lines.filter((l) => l.id !== calcId),
          ),
          customerType: input.customerType ?? line.customerType,
          guestId: guestId ?? null,
          manual: true,
          customData: { ...data, manual: true, editedBy: user.id },
        });
      });
    },

    /**
     * `refresh`: recalculates like reloadPrice (today's prices and rates, t and manual lines kept).
     * [Judgment: the spec names it beside the calculation calls without more; a recalculation that
     * kept stale rates would disagree with reloadPrice for no stated reason.]
     */
    refresh(user: TSessionUser, id: number, version: number | null) {
      return run(user, id, version, 'calculation.refresh', async () => {});
    },

    /** New text from `pattern`, where `{text}` stands for the old text. The line becomes manual. */
    renameLine(user: TSessionUser, id: number, calcId: number, pattern: string, version: number | null) {
      return run(user, id, version, 'calculation.rename', async (tx, _row, lines) => {
        const line = findLine(lines, calcId);
        if (!line.editable) throw refused(`Calculation line ${calcId} is not editable`);
        const text = pattern.replaceAll('{text}', line.text).trim();
        if (text === '' || text.length > 500)
          throw badRequest('the new text must have 1 to 500 characters', 'pattern');
        await bookingWrites.updateLine(tx, calcId, {
          text,
          manual: true,
          customData: { ...(line.customData as object), manual: true },
        });
      });
    },

    /**
     * New display order. Only the `sort` of the named lines changes; a generated line keeps its new
     * sort only until the next recalculation unless it is manual (the engine decides its own order).
     */
    sortLines(user: TSessionUser, id: number, input: TSortLines, version: number | null) {
      return run(user, id, version, 'calculation.sort', async (tx, _row, lines) => {
        const ids = new Set<number>();
        for (const [i, item] of input.entries()) {
          if (ids.has(item.id)) throw badRequest('a line is named twice', `${i}.id`);
          ids.add(item.id);
          if (!lines.some((l) => l.id === item.id))
            throw badRequest('not a calculation line of this booking', `${i}.id`);
        }
        for (const item of input)
          await bookingWrites.updateLine(tx, item.id, { sort: item.sort < 0 ? 9999 : item.sort });
      });
    },

    /**
     * Deletes a line that is `deletable`. A special line also leaves `chosen_specials` (an autoAdd
     * special whose rules still hold comes back with the next recalculation: the engine adds it).
     * A generated line the engine regenerates comes back too; the engine marks those not deletable.
     */
    deleteLine(user: TSessionUser, id: number, calcId: number, version: number | null) {
      return run(user, id, version, 'calculation.delete', async (tx, row, lines) => {
        const line = findLine(lines, calcId);
        if (!line.deletable) throw refused(`Calculation line ${calcId} is not deletable`);
        if (line.customData && (line.customData as { cancellationFee?: boolean }).cancellationFee)
          throw refused('Use removeCancellationFee for the cancellation fee');
        const specialId = (line.customData as { specialId?: number }).specialId;
        if (line.type === 'special' && specialId != null) {
          const chosen = (row.chosenSpecials ?? []) as TChosenSpecial[];
          await bookingWrites.updateBooking(tx, id, {
            chosenSpecials: chosen.filter((c) => c.specialId !== specialId),
          });
        }
        const productKey = productKeyOfLine(line.key);
        if ((line.type === 'product' || line.type === 'addon') && productKey !== null) {
          // The product leaves the booking (all its lines): else the recalculation would bring it back.
          const chosen = (row.chosenProducts ?? []) as TChosenProduct[];
          await bookingWrites.updateBooking(tx, id, {
            chosenProducts: chosen.filter((c) => c.key !== productKey),
          });
        }
        await calculationWrites.deleteLine(tx, id, calcId);
      });
    },

    /** `DELETE /api/bookings/calculation/{id}`: the line named by its id alone, under its own booking. */
    async deleteLineById(user: TSessionUser, calcId: number, version: number | null) {
      if (!hasScope(user.scopes, ['bookings.update'])) throw forbidden();
      const bookingId = await calculationWrites.bookingOfLine(db, calcId);
      if (bookingId === undefined) throw lineNotFound();
      return this.deleteLine(user, bookingId, calcId, version);
    },

    /**
     * Adds a special by hand (docs/domain/specials.md): stored in `chosen_specials`, rules checked unless
     * `ignoreRules`. When it does not apply, 409 CONFLICT with the reason (the failed rule's text).
     */
    addSpecial(
      user: TSessionUser,
      id: number,
      specialId: number,
      ignoreRules: boolean,
      version: number | null,
    ) {
      return run(
        user,
        id,
        version,
        'calculation.special',
        async (tx, row) => {
          const chosen = ((row.chosenSpecials ?? []) as TChosenSpecial[]).filter(
            (c) => c.specialId !== specialId,
          );
          const updated = await bookingWrites.updateBooking(tx, id, {
            chosenSpecials: [...chosen, { specialId, ...(ignoreRules ? { ignoreRules: true } : {}) }],
          });
          const { result } = await priceBooking(tx, user, updated, deps.reference?.reads());
          const why = result.why.find((w) => w.specialId === specialId);
          if (!why) throw notFound('Special');
          if (!why.applied) {
            const text = why.failedRule?.text ?? why.reason;
            throw new AppError(409, 'CONFLICT', `Special ${why.name} does not apply: ${text}`);
          }
        },
        { reprice: false },
      );
    },

    /**
     * `updatePaymentPolicy` (docs/domain/payments.md): recalculates, so deposit and rest follow the current
     * totals, and keeps the due dates that have already passed (with their line's text, which names
     * the date) on the terms lines of the same key.
     */
    updatePaymentPolicy(user: TSessionUser, id: number, version: number | null) {
      return run(
        user,
        id,
        version,
        'calculation.updatePaymentPolicy',
        async (tx, row, lines) => {
          const now = today();
          const passed = new Map<string, TLineRow>();
          for (const l of lines) {
            const due = (l.customData as { dueDate?: string }).dueDate;
            if ((l.type === 'deposit' || l.type === 'rest') && due && due < now) passed.set(l.key, l);
          }
          await priceBooking(tx, user, row, deps.reference?.reads());
          for (const l of await bookingWrites.lines(tx, id)) {
            const old = passed.get(l.key);
            if (!old || l.manual) continue;
            const dueDate = (old.customData as { dueDate: string }).dueDate;
            await bookingWrites.updateLine(tx, l.id, {
              text: old.text,
              customData: { ...(l.customData as object), dueDate, dueDateKept: true },
            });
          }
        },
        { reprice: false },
      );
    },

    /**
     * Goodwill: the cancellation fee line goes and the fee becomes 0 (a cancelled booking,
     * docs/domain/cancellation.md). The totals are those of the remaining lines, with no commission on a fee of 0.
     */
    removeCancellationFee(user: TSessionUser, id: number, version: number | null) {
      return run(
        user,
        id,
        version,
        'calculation.removeCancellationFee',
        async (tx, row, lines) => {
          const fee = lines.find((l) => (l.customData as { cancellationFee?: boolean }).cancellationFee);
          if (!fee) throw refused('The booking has no cancellation fee');
          await calculationWrites.deleteLine(tx, id, fee.id);
          const rest = (await bookingWrites.lines(tx, id)).map(
            (r) => toLine(r) as TCalcLine & { id?: number },
          );
          const old = row.totals as {
            commissionSource?: 'special' | 'agency' | 'price' | null;
            mode?: unknown;
          };
          const totals = computeTotals(rest, {
            taxOf: () => null,
            commission: {
              commission: '0.00',
              commissionBase: '0.00',
              commissionPercent: row.commissionPercent,
              commissionSource: old.commissionSource ?? null,
              mode: null,
            },
            isAgency: row.agencyId !== null,
          });
          for (const r of await bookingWrites.lines(tx, id))
            if ((r.customData as { generator?: string }).generator === 'commission')
              await bookingWrites.updateLine(tx, r.id, { price: '0.00', total: '0.00' });
          const cancellation = (row.cancellation ?? {}) as Record<string, unknown>;
          await bookingWrites.updateBooking(tx, id, {
            totals,
            total: totals.total,
            commission: totals.commission,
            cancellation: { ...cancellation, fee: '0.00', percent: '0', feeRemoved: true },
          });
        },
        { reprice: false, states: (state) => state === 'aborted' },
      );
    },
  };
}
