import { describe, expect, it } from 'vitest';
import { isValidIban, normalizePercent, settingsPatch, ZCreateTax, ZTaxValue } from './settings.ts';

describe('isValidIban', () => {
  it.each([
    'DE89370400440532013000',
    'DE89 3704 0044 0532 0130 00',
    'GB82WEST12345698765432',
    'mt84malt011000012345mtlcast001s',
  ])('accepts %s', (iban) => expect(isValidIban(iban)).toBe(true));

  it.each(['DE89370400440532013001', 'DE8937040044', 'XX00', ''])('refuses %s', (iban) =>
    expect(isValidIban(iban)).toBe(false),
  );
});

describe('tax values', () => {
  it.each(['0', '7', '19', '19.5', '100', '7.1234'])('accepts %s', (v) =>
    expect(ZTaxValue.safeParse(v).success).toBe(true),
  );
  it.each(['-1', '100.01', '101', '19,5', '1e2', '7.12345', ''])('refuses %s', (v) =>
    expect(ZTaxValue.safeParse(v).success).toBe(false),
  );
  it('drops the trailing zeros the database keeps', () => {
    expect(normalizePercent('19.0000')).toBe('19');
    expect(normalizePercent('7.5000')).toBe('7.5');
    expect(normalizePercent('0.0001')).toBe('0.0001');
  });
  it('a new tax carries no status: it starts aborted on the server', () => {
    const parsed = ZCreateTax.parse({ name: 'VAT', value: '19', status: 'confirmed' });
    expect(parsed).toEqual({ name: 'VAT', value: '19', inclusive: true, countries: [] });
  });
});

describe('settingsPatch', () => {
  it('takes some keys of a group and nothing else', () => {
    expect(settingsPatch('customers').parse({})).toEqual({});
    expect(settingsPatch('customers').parse({ childMaxAge: 12 })).toEqual({ childMaxAge: 12 });
    expect(settingsPatch('customers').safeParse({ childMaxAge: 12, other: 1 }).success).toBe(false);
  });
  it('normalises codes and refuses a twice named module account', () => {
    expect(
      settingsPatch('company').parse({ address: { country: 'de' }, bank: { bic: 'cobadeffxxx' } }),
    ).toEqual({
      address: { country: 'DE' },
      bank: { bic: 'COBADEFFXXX' },
    });
    expect(settingsPatch('system').safeParse({ moduleAccounts: ['a@x.test', 'A@x.test'] }).success).toBe(
      false,
    );
  });
});
