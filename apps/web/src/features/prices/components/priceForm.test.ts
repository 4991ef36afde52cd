import type { TPriceEntry, TPriceWithEntries } from '@atoll/domain/pricing/entities';
import { ZUpdatePrice } from '@atoll/domain/pricing/entities';
import { describe, expect, it } from 'vitest';
import {
  amountsOf,
  cellKey,
  compareAmounts,
  invalidCells,
  toEntries,
  toPriceBody,
  toPriceForm,
} from './priceForm.ts';

const entry = (over: Partial<TPriceEntry>): TPriceEntry => ({
  id: 1,
  priceId: 7,
  roomTypeId: 10,
  variantId: 1,
  scheduleId: null,
  currency: 'EUR',
  value: '100.00',
  surcharge: null,
  surchargeType: null,
  discount: null,
  discountType: null,
  ...over,
});

const price = (over: Partial<TPriceWithEntries> = {}): TPriceWithEntries => ({
  id: 7,
  name: 'High season 2030',
  internalId: null,
  resortId: 3,
  vesselId: null,
  validFrom: '2030-01-01',
  validTo: '2030-03-31',
  periods: [],
  status: 'draft',
  calculationType: 'unit',
  type: 'Season',
  variants: [1, 2],
  basePrice: null,
  surcharge: '0',
  surchargeType: 'percent',
  discount: '0',
  discountType: 'percent',
  currencies: ['EUR', 'USD'],
  useOnsiteCurrency: false,
  tax: { status: 'aborted', value: '0', inclusive: true },
  commission: '10',
  termsOfPaymentId: null,
  defaultTermsOfPayment: true,
  countries: [],
  includedServices: {},
  excludedServices: {},
  isAvailableToOTA: false,
  minNights: null,
  tourIds: [],
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
  entries: [
    entry({ value: '100.00' }),
    entry({ id: 2, variantId: 2, value: '150.50' }),
    entry({ id: 3, currency: 'USD', value: '110' }),
  ],
  ...over,
});

const rooms = new Set([10, 11]);

describe('the season form and its entries grid', () => {
  it('reads the stored entries into cells and sends them back unchanged', () => {
    const form = toPriceForm(price());
    expect(form.cells[cellKey('EUR', null, 10, 2)]?.value).toBe('150.50');
    const sent = toEntries(form, rooms);
    expect(sent).toHaveLength(3);
    expect(sent).toContainEqual(
      expect.objectContaining({
        roomTypeId: 10,
        variantId: 2,
        currency: 'EUR',
        value: '150.50',
        scheduleId: null,
      }),
    );
  });

  it('sends a typed comma as a decimal point and leaves empty cells out', () => {
    const form = toPriceForm(price({ entries: [] }));
    form.cells[cellKey('EUR', null, 11, 1)] = cell('80,5');
    form.cells[cellKey('EUR', null, 11, 2)] = cell('  ');
    expect(toEntries(form, rooms)).toEqual([
      expect.objectContaining({
        roomTypeId: 11,
        variantId: 1,
        value: '80.5',
        surcharge: null,
        discount: null,
      }),
    ]);
  });

  it('drops entries of variants, currencies, departures and room types the price no longer has', () => {
    const form = toPriceForm(
      price({ entries: [entry({}), entry({ id: 4, roomTypeId: 99 }), entry({ id: 5, scheduleId: 40 })] }),
    );
    expect(form.scheduleIds).toEqual([40]);
    expect(toEntries(form, rooms)).toHaveLength(2);
    expect(toEntries({ ...form, scheduleIds: [] }, rooms)).toHaveLength(1);
    expect(toEntries({ ...form, variants: ['2'] }, rooms)).toHaveLength(0);
    expect(toEntries({ ...form, currencies: ['USD'] }, rooms)).toHaveLength(0);
    // While the room types load, no row is dropped.
    expect(toEntries(form, null)).toHaveLength(3);
  });

  it('sends an entry surcharge only when the price uses ByEntry', () => {
    const form = toPriceForm(price({ entries: [] }));
    form.cells[cellKey('EUR', null, 10, 1)] = { ...cell('100'), surcharge: '-5', surchargeType: 'fixed' };
    expect(toEntries(form, rooms)[0]).toMatchObject({ surcharge: null, surchargeType: null });
    const byEntry = { ...form, surchargeType: 'ByEntry' as const };
    expect(toEntries(byEntry, rooms)[0]).toMatchObject({ surcharge: '-5', surchargeType: 'fixed' });
  });

  it('marks cells that are no amount', () => {
    const form = toPriceForm(price({ entries: [] }));
    form.cells.a = cell('12.345');
    form.cells.b = cell('-3');
    form.cells.c = cell('abc');
    form.cells.d = cell('99,99');
    form.cells.e = { ...cell('10'), discount: 'x' };
    expect([...invalidCells(form)].sort()).toEqual(['a', 'b', 'c']);
    expect([...invalidCells({ ...form, discountType: 'ByEntry' })].sort()).toEqual(['a', 'b', 'c', 'e']);
  });

  it('builds a body the contract accepts; a new price sends no status', () => {
    const form = toPriceForm(undefined, 'resort:3');
    form.name = 'Low season';
    form.validFrom = '2030-04-01';
    form.validTo = '2030-10-31';
    form.variants = ['1'];
    form.cells[cellKey('EUR', null, 10, 1)] = cell('90');
    const body = toPriceBody(form, rooms, true);
    expect(body.status).toBeUndefined();
    expect(body.tax?.status).toBeUndefined();
    expect(body).toMatchObject({ resortId: 3, vesselId: null, basePrice: null, termsOfPaymentId: null });
    expect(ZUpdatePrice.safeParse(body).success).toBe(true);
    const update = toPriceBody({ ...form, status: 'confirmed' }, rooms, false);
    expect(update.status).toBe('confirmed');
    expect(ZUpdatePrice.safeParse(update).success).toBe(true);
  });
});

describe('grid summary', () => {
  it('orders decimal strings exactly', () => {
    expect(['10', '9.5', '100.01', '100.1', '0.99'].sort(compareAmounts)).toEqual([
      '0.99',
      '9.5',
      '10',
      '100.01',
      '100.1',
    ]);
  });

  it('counts the valid values of one currency', () => {
    const form = toPriceForm(price());
    form.cells.x = cell('oops');
    expect(amountsOf(form, 'EUR')).toEqual(['100.00', '150.50']);
    expect(amountsOf(form, 'USD')).toEqual(['110']);
  });
});

function cell(value: string) {
  return {
    value,
    surcharge: '',
    surchargeType: 'percent' as const,
    discount: '',
    discountType: 'percent' as const,
  };
}
