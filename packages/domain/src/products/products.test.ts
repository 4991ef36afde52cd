import { describe, expect, it } from 'vitest';
import {
  bookedAtDay,
  dailyQuantity,
  nextProductKey,
  productKeyOfLine,
  stockChange,
  ZAddProduct,
  ZCreateProduct,
  ZStockUpdate,
} from './products.ts';

describe('product input', () => {
  it('fills the defaults and refuses unknown enums and float prices', () => {
    const product = ZCreateProduct.parse({ name: 'Nitrox' });
    expect(product).toMatchObject({
      type: 'ConsumptionGood',
      unit: 'None',
      chargingBase: 'PerBooking',
      price: '0',
    });
    expect(ZCreateProduct.safeParse({ name: 'x', chargingBase: 'PerHour' }).success).toBe(false);
    expect(ZCreateProduct.safeParse({ name: 'x', unit: 'Litre' }).success).toBe(false);
    expect(ZCreateProduct.safeParse({ name: 'x', price: '12.345' }).success).toBe(false);
    expect(ZCreateProduct.safeParse({ name: '' }).success).toBe(false);
  });

  it('takes either a change or a counted stock', () => {
    expect(ZStockUpdate.parse({ change: -2.5 })).toMatchObject({
      change: '-2.5',
      reason: 'manual',
      force: false,
    });
    expect(ZStockUpdate.safeParse({}).success).toBe(false);
    expect(ZStockUpdate.safeParse({ change: '1', set: '2' }).success).toBe(false);
    expect(ZStockUpdate.safeParse({ change: '1.0001' }).success).toBe(false);
  });

  it('refuses a zero or negative quantity per unit on a booking', () => {
    expect(ZAddProduct.safeParse({ qtyPerUnit: '0' }).success).toBe(false);
    expect(ZAddProduct.safeParse({ qtyPerUnit: '-1' }).success).toBe(false);
    expect(ZAddProduct.parse({ qtyPerUnit: 2 }).qtyPerUnit).toBe('2');
  });
});

describe('stockChange', () => {
  it('adds a change and derives the change of a counted stock, exactly', () => {
    expect(stockChange('10.000', { change: '-0.1' })).toEqual({ change: '-0.1', after: '9.9' });
    expect(stockChange('10', { set: '7.5' })).toEqual({ change: '-2.5', after: '7.5' });
    expect(stockChange('0.1', { change: '0.2' })).toEqual({ change: '0.2', after: '0.3' });
  });
});

describe('chosen product keys', () => {
  it('numbers keys after the highest and reads them back from line keys', () => {
    expect(nextProductKey([])).toBe('c1');
    expect(nextProductKey([{ key: 'c1' }, { key: 'c7' }, { key: 'x' }])).toBe('c8');
    expect(productKeyOfLine('product:c3')).toBe('c3');
    expect(productKeyOfLine('product:c3:g12')).toBe('c3');
    expect(productKeyOfLine('room:r1')).toBeNull();
  });
});

describe('bookedAtDay', () => {
  it('counts each day of [from, to) within the range, per product', () => {
    const items = [
      { productId: 1, from: '2041-03-29', to: '2041-04-02', quantity: dailyQuantity(2, false, undefined) },
      { productId: 1, from: '2041-03-31', to: '2041-04-05', quantity: dailyQuantity(3, false, '2') },
      { productId: 2, from: '2041-03-30', to: '2041-03-31', quantity: dailyQuantity(4, true, undefined) },
    ];
    expect(bookedAtDay(items, '2041-03-30', '2041-04-02')).toEqual([
      { productId: 1, date: '2041-03-30', quantity: '2' },
      { productId: 1, date: '2041-03-31', quantity: '8' },
      { productId: 1, date: '2041-04-01', quantity: '8' },
      { productId: 2, date: '2041-03-30', quantity: '1' },
    ]);
  });

  it('answers nothing for an empty range', () => {
    expect(
      bookedAtDay(
        [{ productId: 1, from: '2041-01-01', to: '2041-01-09', quantity: '1' }],
        '2041-01-05',
        '2041-01-05',
      ),
    ).toEqual([]);
  });
});
