import { describe, expect, it } from 'vitest';
import type { TRateEntry } from '../currencies/currencies.ts';
import {
  convert,
  convertVia,
  formatMoney,
  formatRate,
  invert,
  normalize,
  rateOn,
  round,
  round2,
  sum,
} from './money.ts';

const rate = (from: string, to: string, value: string, validFrom: string): TRateEntry => ({
  from,
  to,
  rate: value,
  validFrom,
});

describe('round2 (every line: 2 decimals, half-up)', () => {
  it('rounds ties away from zero', () => {
    expect(round2('0.125')).toBe('0.13');
    expect(round2('-0.125')).toBe('-0.13');
    expect(round2('2.675')).toBe('2.68'); // 2.675 is 2.67499… as a float; exact here
    expect(round2('1.005')).toBe('1.01');
    expect(round2('0.124999')).toBe('0.12');
  });

  it('always writes two places', () => {
    expect(round2('4536')).toBe('4536.00');
    expect(round2('-0')).toBe('0.00');
  });

  it('rounds to a currency without minor units', () => {
    expect(round('1500.5', 0)).toBe('1501');
    expect(round('1500.49', 0)).toBe('1500');
  });
});

describe('normalize', () => {
  it('writes a stored numeric in its shortest form, never in exponent notation', () => {
    expect(normalize('1.08000000')).toBe('1.08');
    expect(normalize('0.00000001')).toBe('0.00000001');
    expect(normalize('17500.00000000')).toBe('17500');
  });
});

describe('sum', () => {
  it('adds rounded lines exactly (no 0.30000000000000004)', () => {
    expect(sum(['0.10', '0.20'])).toBe('0.3');
    expect(sum([])).toBe('0');
  });
});

describe('convert', () => {
  it('P2 of docs/domain/prices.md: 4,200.00 EUR at 1.08 = 4,536.00 USD', () => {
    expect(convert('4200.00', '1.08')).toBe('4536.00');
  });

  it('rounds the product once, half-up', () => {
    expect(convert('10', '0.0005')).toBe('0.01');
    expect(convert('0.1', '3')).toBe('0.30');
  });

  it('rounds to the minor units asked for', () => {
    expect(convert('100', '17234.567', 0)).toBe('1723457');
  });
});

describe('invert (showInvertedCurrencyExchange)', () => {
  it('keeps 8 places and drops trailing zeros', () => {
    expect(invert('1.08')).toBe('0.92592593');
    expect(invert('1.25')).toBe('0.8');
    expect(invert('0.5')).toBe('2');
  });
});

describe('rateOn / convertVia', () => {
  const rates = [
    rate('EUR', 'USD', '1.05', '2026-01-01'),
    rate('EUR', 'USD', '1.08', '2026-03-01'),
    rate('EUR', 'USD', '1.10', '2026-06-01'),
    rate('EUR', 'PHP', '62.5', '2026-01-01'),
    rate('GBP', 'EUR', '1.2', '2026-02-01'),
  ];

  it('takes the latest rate valid on the day', () => {
    expect(rateOn('EUR', 'USD', rates, '2026-02-28')).toEqual({
      rate: '1.05',
      validFrom: '2026-01-01',
      how: 'direct',
    });
    expect(rateOn('EUR', 'USD', rates, '2026-03-01')?.rate).toBe('1.08');
    expect(rateOn('EUR', 'USD', rates, '2026-05-31')?.rate).toBe('1.08');
    expect(rateOn('EUR', 'USD', rates, '2027-01-01')?.rate).toBe('1.1');
  });

  it('knows no rate before the first one', () => {
    expect(rateOn('EUR', 'USD', rates, '2025-12-31')).toBeUndefined();
    expect(convertVia('100', 'EUR', 'USD', rates, '2025-12-31')).toBeUndefined();
  });

  it('inverts the opposite pair when only that one exists', () => {
    expect(rateOn('USD', 'EUR', rates, '2026-04-01')).toEqual({
      rate: '0.92592593',
      validFrom: '2026-03-01',
      how: 'inverse',
    });
    expect(convertVia('4536', 'USD', 'EUR', rates, '2026-04-01')?.amount).toBe('4200.00');
  });

  it('goes through the base currency when no pair is stored', () => {
    // 1 GBP = 1.2 EUR, 1 EUR = 62.5 PHP → 1 GBP = 75 PHP
    expect(rateOn('GBP', 'PHP', rates, '2026-04-01')).toEqual({
      rate: '75',
      validFrom: '2026-02-01',
      how: 'base',
    });
    // USD → PHP: inverse of EUR→USD (1/1.08), times 62.5, rounded once: 57.87037037
    expect(convertVia('100', 'USD', 'PHP', rates, '2026-04-01')).toEqual({
      amount: '5787.04',
      rate: '57.87037037',
      validFrom: '2026-03-01',
      how: 'base',
    });
  });

  it('does not chain through another base than the one given', () => {
    expect(rateOn('GBP', 'PHP', rates, '2026-04-01', 'USD')).toBeUndefined();
  });

  it('converts a currency to itself at 1', () => {
    expect(convertVia('12.345', 'EUR', 'EUR', rates, '2026-04-01')).toEqual({
      amount: '12.35',
      rate: '1',
      validFrom: '2026-04-01',
      how: 'same',
    });
  });

  it('P2: the booking line keeps the rate it used', () => {
    const line = convertVia('4200', 'EUR', 'USD', rates, '2026-04-15');
    expect(line).toMatchObject({ amount: '4536.00', rate: '1.08' });
    expect(convert('4200', line?.rate ?? '0')).toBe(line?.amount);
  });
});

describe('formatting', () => {
  it('writes money the way the language does', () => {
    expect(formatMoney('4536', 'USD', 'de')).toBe('4.536,00\u00a0$');
    expect(formatMoney('4536', 'EUR', 'en')).toBe('€4,536.00');
    expect(formatMoney('1500000.5', 'JPY', 'en', 0)).toBe('JP¥1,500,001');
  });

  it('formats big amounts exactly', () => {
    expect(formatMoney('12345678901234567.89', 'EUR', 'en')).toBe('€12,345,678,901,234,567.89');
  });

  it('writes rates with up to 8 places', () => {
    expect(formatRate('0.92592593', 'de')).toBe('0,92592593');
    expect(formatRate('1.08000000', 'en')).toBe('1.08');
  });
});
