import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { round2, sum } from '../money/money.ts';
import { calculate } from './calculate.ts';
import { addDays } from './dates.ts';
import type { TPricingInput, TPricingProduct } from './engine-types.ts';
import {
  CHILD_PP,
  DOUBLE,
  DOUBLE_PP,
  entry,
  input,
  person,
  price,
  rate,
  room,
  supplement,
} from './test-fixtures.ts';
import { isBillable, isCollected, printedKind } from './totals.ts';

// Invariants over random drafts: every line is round2(amount × price), totals are sums of rounded
// lines, a room line's nights add up to it, and the order prices are listed in does not matter.

const amount = fc.integer({ min: 0, max: 500_00 }).map((c) => (c / 100).toFixed(2));
const percent = fc.integer({ min: 0, max: 50 }).map(String);

const draft = fc
  .record({
    seasons: fc.array(
      fc.record({ start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 5, max: 90 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    values: fc.array(fc.tuple(amount, amount), { minLength: 4, maxLength: 4 }),
    perPerson: fc.boolean(),
    surcharge: percent,
    discount: amount,
    roomSurcharge: percent,
    ages: fc.array(fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), { minLength: 1, maxLength: 4 }),
    arrival: fc.integer({ min: 0, max: 60 }),
    nights: fc.integer({ min: 1, max: 21 }),
    usd: fc.boolean(),
    supplementValue: amount,
  })
  .map((d): TPricingInput => {
    const variants = d.perPerson ? [DOUBLE_PP.id, CHILD_PP.id] : [DOUBLE.id];
    const prices = d.seasons.map((s, i) => {
      const [adult, child] = d.values[i] ?? ['100.00', '50.00'];
      return price({
        id: i + 1,
        validFrom: addDays('2026-01-01', s.start),
        validTo: addDays('2026-01-01', s.start + s.length),
        variants,
        surcharge: d.surcharge,
        discount: d.discount,
        discountType: 'fixed',
        basePrice: '80.00',
        entries: [
          entry({ roomTypeId: 10, variantId: variants[0] ?? 1, value: adult }),
          entry({ roomTypeId: 10, variantId: CHILD_PP.id, value: child }),
        ],
      });
    });
    const from = addDays('2026-01-01', d.arrival);
    return input({
      currency: d.usd ? 'USD' : 'EUR',
      rates: [rate('EUR', 'USD', '1.0837')],
      prices,
      variants: [DOUBLE, DOUBLE_PP, CHILD_PP],
      roomTypes: [{ id: 10, name: 'Deluxe', surcharge: d.roomSurcharge, surchargeType: 'percent' }],
      supplements: [supplement({ id: 1, priceId: 1, value: d.supplementValue, chargingBase: 'PerNight' })],
      rooms: [
        room({
          from,
          to: addDays(from, d.nights),
          persons: d.ages.map((age, i) => person(`p${i}`, { age })),
        }),
      ],
    });
  });

describe('calculation invariants (fast-check)', () => {
  it('lines are rounded products; totals are sums of the counted lines', () => {
    fc.assert(
      fc.property(draft, (draftInput) => {
        const result = calculate(draftInput);
        for (const line of result.lines) {
          expect(line.total).toBe(round2(mul(line.amount, line.price)));
          expect(Number(line.total)).toBeGreaterThanOrEqual(0);
        }
        const counted = result.lines.filter(
          (l) => (isBillable(l) || isCollected(l)) && ['None', 'Direct', 'OnSite'].includes(l.customerType),
        );
        expect(result.totals.total).toBe(round2(sum(counted.map((l) => l.total))));
      }),
      { numRuns: 150 },
    );
  });

  it('a room line’s nights add up to its total', () => {
    fc.assert(
      fc.property(draft, (draftInput) => {
        for (const line of calculate(draftInput).lines.filter((l) => l.type === 'room_cost')) {
          const nights = line.customData.nights ?? [];
          expect(round2(sum(nights.map((n) => n.value)))).toBe(line.total);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the order prices are listed in does not change the result', () => {
    fc.assert(
      fc.property(draft, (draftInput) => {
        const reversed = { ...draftInput, prices: [...draftInput.prices].reverse() };
        expect(calculate(reversed)).toEqual(calculate(draftInput));
      }),
      { numRuns: 100 },
    );
  });
});

/** amount × price, exact. */
function mul(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const product = BigInt(ai + af) * BigInt(bi + bf);
  const places = af.length + bf.length;
  const sign = product < 0n ? '-' : '';
  const digits = (product < 0n ? -product : product).toString().padStart(places + 1, '0');
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

describe('what a document prints adds up (fast-check)', () => {
  // Random stays with an optional supplement, an external fee (collected or not), a free and an informative
  // product beside the priced lines.
  const withExtras = fc
    .record({
      base: draft,
      option: amount,
      fee: amount,
      collect: fc.boolean(),
      free: amount,
      info: amount,
    })
    .map(({ base, option, fee, collect, free, info }): TPricingInput => {
      const product = (key: string, price: string, over: Partial<TPricingProduct> = {}): TPricingProduct => ({
        key,
        name: key,
        type: 'product',
        price,
        currency: 'EUR',
        chargingBase: 'PerBooking',
        ...over,
      });
      return {
        ...base,
        supplements: [
          ...base.supplements,
          supplement({ id: 2, priceId: 1, value: option, mandatory: false, chargingBase: 'PerBooking' }),
        ],
        products: [
          product('park', fee, { type: 'external', collect }),
          product('tee', free, { customerType: 'ForFree' }),
          product('brochure', info, { customerType: 'Info' }),
        ],
      };
    });

  it('the charged lines sum to the total; every other line with an amount is apart or muted', () => {
    fc.assert(
      fc.property(withExtras, (input) => {
        const result = calculate(input);
        const charged = result.lines.filter((l) => printedKind(l) === 'charged');
        expect(round2(sum(charged.map((l) => l.total)))).toBe(result.totals.total);
        for (const line of result.lines) {
          const kind = printedKind(line);
          if (kind === 'info' && Number(line.total) !== 0)
            expect(['ForFree', 'Info'].includes(line.customerType) || line.type === 'external').toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
