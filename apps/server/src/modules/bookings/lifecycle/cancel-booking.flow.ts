import { canCancel, type TBooking, type TCancelBooking } from '@atoll/domain/bookings';
import { D } from '@atoll/domain/money';
import { cancellationFee, type TCancellationFee } from '@atoll/domain/pricing/cancellation';
import type { TCalcLine } from '@atoll/domain/pricing/engine-types';
import { BILLABLE_LINE_TYPES, type TLineType } from '@atoll/domain/pricing/entities';
import { computeTotals, isCollected } from '@atoll/domain/pricing/totals';
import { today } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { createPricingInputRepository } from '../../prices/pricing-input.repository.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow, toLine } from '../bookings.repository.ts';
import { invalidState } from '../edit/change-booking.flow.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { type TWriter, writerOf } from '../write/booking-input.ts';
import { storedTerms } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TLineRow } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { notifyWaitlist } from './waitlist.flow.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{id}/cancell (docs/domain/cancellation.md): the fee from the totals before, by the terms'
// tiers or the request's percent or value; every billable line (and the deposit and rest) becomes Info,
// remembering its customer type for a revert; one manual cost line carries the fee; totals again from
// the lines; state aborted, the holds released.

const bookingWrites = createBookingWritesRepository();
const pricingInputs = createPricingInputRepository();

/** Lines that stop counting: the billable ones, and the deposit and rest of a schedule that is void now. */
const VOIDED: ReadonlySet<TLineType> = new Set<TLineType>([...BILLABLE_LINE_TYPES, 'deposit', 'rest']);

const FEE_TEXT = {
  de: { label: 'Stornogebühr', decimal: ',' },
  en: { label: 'Cancellation fee', decimal: '.' },
} as const;

/** "Cancellation fee (30 %)" / "Stornogebühr (12,5 %)" in the booking's language; no percent for a fixed value. */
export function feeText(language: string, percent: string | null) {
  const { label, decimal } = FEE_TEXT[language === 'en' ? 'en' : 'de'];
  if (percent === null) return label;
  return `${label} (${new D(percent).toFixed().replace('.', decimal)} %)`;
}

/** dueBeforeTravel before the cancellation, without collected external lines (docs/domain/cancellation.md step 3). */
function feeBaseOf(booking: TBookingRow, lines: readonly TCalcLine[]) {
  const due = (booking.totals as { dueBeforeTravel?: string }).dueBeforeTravel ?? booking.total;
  const external = lines
    .filter((l) => isCollected(l) && (l.customerType === 'None' || l.customerType === 'Direct'))
    .reduce((sum, l) => sum.plus(l.total), new D(0));
  return D.max(new D(due).minus(external), 0).toFixed(2);
}

function feeOf(booking: TBookingRow, lines: readonly TCalcLine[], input: TCancelBooking): TCancellationFee {
  const terms = storedTerms(booking);
  return cancellationFee({
    from: booking.from,
    cancelDate: input.date ?? today(),
    feeBase: feeBaseOf(booking, lines),
    useTerms: input.useTerms,
    tiers: terms?.cancellationTiers ?? [],
    percent: input.percent,
    value: input.value,
    includeCommission: input.includeCommission,
    isAgency: booking.agencyId !== null,
    commission: booking.commission,
    depositNonRefundable: terms?.depositNonRefundable ?? false,
    depositPaid: depositPaidOf(booking, lines),
  });
}

/** What of the deposit is paid: the payments so far, up to the deposit lines' amount (docs/domain/cancellation.md). */
function depositPaidOf(booking: TBookingRow, lines: readonly TCalcLine[]) {
  const deposit = lines.filter((l) => l.type === 'deposit').reduce((sum, l) => sum.plus(l.total), new D(0));
  return D.max(D.min(new D(booking.paid), deposit), 0).toFixed(2);
}

/** The lines after the cancellation: voided ones as Info (with their old type kept), the fee line added. */
async function rewriteLines(tx: Tx, booking: TBookingRow, rows: readonly TLineRow[], fee: TCancellationFee) {
  for (const row of rows) {
    if (!VOIDED.has(row.type as TLineType) || row.customerType === 'Info') continue;
    const customData = {
      ...(row.customData as object),
      previousCustomerType: row.customerType,
    };
    await bookingWrites.updateLine(tx, row.id, { customerType: 'Info', customData });
  }
  const position = rows.reduce((max, r) => Math.max(max, r.position), -1) + 1;
  await bookingWrites.insertLine(tx, booking.id, {
    key: 'cancellationFee',
    type: 'cost',
    text: feeText(booking.language, fee.percent),
    sort: 9999,
    amount: '1',
    price: fee.fee,
    total: fee.fee,
    customerType: 'None',
    guestId: null,
    editable: true,
    deletable: true,
    unique: true,
    manual: true,
    customData: {
      generator: 'manual',
      manual: true,
      cancellationFee: true,
      percent: fee.percent,
      daysBefore: fee.daysBefore,
      feeBase: fee.feeBase,
    },
    position,
  });
  return calcLines(await bookingWrites.lines(tx, booking.id));
}

/** Stored lines as the engine's functions read them (the stored customData is the engine's own). */
const calcLines = (rows: readonly TLineRow[]) =>
  rows.map((row) => ({ ...toLine(row), id: row.id }) as TCalcLine & { id: number });

/** The agency's commission on the fee: the booking's percent of it, unless the request excludes it. */
async function commissionOnFee(tx: Tx, booking: TBookingRow, fee: TCancellationFee, input: TCancelBooking) {
  const agency = booking.agencyId === null ? undefined : await pricingInputs.agency(tx, booking.agencyId);
  const percent = agency && input.includeCommission ? booking.commissionPercent : '0';
  const base = agency && input.includeCommission ? fee.fee : '0';
  return {
    commission: new D(base).times(percent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2),
    commissionBase: new D(base).toFixed(2),
    commissionPercent: percent,
    commissionSource: ((booking.totals as { commissionSource?: string }).commissionSource ?? null) as
      | 'special'
      | 'agency'
      | 'price'
      | null,
    mode: agency ? agency.commissionMode : null,
  };
}

export function createCancelBookingFlow(deps: TBookingFlowDeps) {
  const { db, availability } = deps;

  async function write(tx: Tx, writer: TWriter, id: number, input: TCancelBooking): Promise<TBooking> {
    const { user } = writer;
    const row = await lockBooking(tx, user, id, input.version ?? null);
    const before = await bookingRepo.loadBooking(tx, id);
    if (!canCancel(row.state as TBooking['state'])) throw invalidState(row.state);
    const rows = await bookingWrites.lines(tx, id);
    const fee = feeOf(row, calcLines(rows), input);
    const lines = await rewriteLines(tx, row, rows, fee);
    const commission = await commissionOnFee(tx, row, fee, input);
    const totals = computeTotals(lines, { taxOf: () => null, commission, isAgency: row.agencyId !== null });
    const shown = lines.find((l) => l.customData.generator === 'commission');
    if (shown)
      await bookingWrites.updateLine(tx, shown.id, { price: totals.commission, total: totals.commission });
    const terms = storedTerms(row);
    await bookingWrites.updateBooking(tx, id, {
      state: 'aborted',
      cancelationDate: new Date(),
      optionExpiry: null,
      totals,
      total: totals.total,
      commission: totals.commission,
      cancellation: {
        reason: input.reason,
        message: input.message ?? null,
        date: input.date ?? today(),
        percent: fee.percent ?? '0',
        fee: fee.fee,
        ...(input.useTerms && terms ? { tiers: terms.cancellationTiers } : {}),
        value: input.useTerms ? '0' : input.value,
        includeCommission: input.includeCommission,
        daysBefore: fee.daysBefore,
        feeBase: fee.feeBase,
      },
    });
    await availability.release(tx, id);
    await notifyWaitlist(tx, availability, id);
    await bookingHooks().todos.closeOnAbort(tx, id, user.id);
    await bookingHooks().invoices.reverseOpen(tx, id);
    return recordVersion(tx, {
      bookingId: id,
      version: row.version,
      userId: user.id,
      action: 'cancel',
      ...(before ? { before } : {}),
    });
  }

  return {
    /**
     * Cancels a booking with the fee of docs/domain/cancellation.md. Scopes: bookings.update, or agencies.self on
     * its own bookings (by the terms only: an agent does not choose the fee).
     */
    async cancelBooking(user: TSessionUser, id: number, input: TCancelBooking): Promise<TBooking> {
      const writer = writerOf(user, ['bookings.update']);
      if (writer.isAgent && !input.useTerms) throw forbidden();
      const booking = await db.transaction((tx) => write(tx, writer, id, input));
      return redactBooking(user, booking);
    },
  };
}
