import { describe, expect, it } from 'vitest';
import {
  AGENCY_SELF_FIELDS,
  fieldsDeniedToSelf,
  ZAgencyBankInput,
  ZCreateAgency,
  ZLinkSystem,
  ZPercent,
  ZUpdateAgency,
} from './agencies.ts';

describe('ZPercent', () => {
  it.each(['0', '10', '12.5', '15.25', '100', '100.00', ' 7 '])('accepts %j', (v) => {
    expect(ZPercent.safeParse(v).success).toBe(true);
  });
  it.each(['-1', '100.01', '101', '12.555', '1e1', 'abc', '', '12,5'])('refuses %j', (v) => {
    expect(ZPercent.safeParse(v).success).toBe(false);
  });
  it('refuses a number: commission travels as a decimal string', () => {
    expect(ZPercent.safeParse(12).success).toBe(false);
  });
});

describe('ZCreateAgency', () => {
  it('needs a name and fills the type', () => {
    expect(ZCreateAgency.safeParse({}).success).toBe(false);
    expect(ZCreateAgency.parse({ name: ' Coral Tours ' })).toEqual({ name: 'Coral Tours', type: 'travel' });
  });

  it('normalises codes and treats an empty e-mail as none', () => {
    const parsed = ZCreateAgency.parse({
      name: 'X',
      email: '',
      currency: 'chf',
      address: { country: 'ch' },
      bank: { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' },
    });
    expect(parsed).toMatchObject({
      email: null,
      currency: 'CHF',
      address: { country: 'CH' },
      bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
  });

  it.each([
    ['type', { type: 'airline' }],
    ['commissionMode', { commissionMode: 'gross' }],
    ['country', { address: { country: 'DEU' } }],
    ['email', { email: 'not-mail' }],
    ['creditLimit', { creditLimit: '-5' }],
    ['contact without name', { contacts: [{ email: 'a@b.example' }] }],
  ])('refuses a bad %s', (_, body) => {
    expect(ZCreateAgency.safeParse({ name: 'X', ...body }).success).toBe(false);
  });

  it('defaults a contact to not primary', () => {
    const parsed = ZCreateAgency.parse({ name: 'X', contacts: [{ name: 'Ann' }] });
    expect(parsed.contacts).toEqual([{ name: 'Ann', isPrimary: false }]);
  });
});

describe('ZUpdateAgency', () => {
  it('keeps only what the body names (no default type)', () => {
    expect(ZUpdateAgency.parse({ phone: '+49 30 1' })).toEqual({ phone: '+49 30 1' });
  });
});

describe('ZAgencyBankInput', () => {
  it('allows empty values and refuses a malformed IBAN', () => {
    expect(ZAgencyBankInput.safeParse({ iban: '', bic: '' }).success).toBe(true);
    expect(ZAgencyBankInput.safeParse({ iban: 'DE12' }).success).toBe(false);
  });
});

describe('fieldsDeniedToSelf', () => {
  it('allows the contact, address, bank and language fields', () => {
    const all = Object.fromEntries(AGENCY_SELF_FIELDS.map((k) => [k, 'x']));
    expect(fieldsDeniedToSelf(all)).toEqual([]);
  });

  it('names every operator term in the change', () => {
    expect(
      fieldsDeniedToSelf({
        phone: '1',
        commission: '50',
        internalNote: 'x',
        isActive: true,
        name: 'New',
        creditLimit: undefined,
      }),
    ).toEqual(['commission', 'internalNote', 'isActive', 'name']);
  });
});

describe('ZLinkSystem', () => {
  it('takes plain names only', () => {
    expect(ZLinkSystem.safeParse('booking-hub_2.0').success).toBe(true);
    expect(ZLinkSystem.safeParse('a/b').success).toBe(false);
    expect(ZLinkSystem.safeParse('').success).toBe(false);
  });
});
