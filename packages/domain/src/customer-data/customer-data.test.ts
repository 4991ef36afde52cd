import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  creditBalance,
  type TCustomerDataField,
  validateCustomerData,
  withRunningBalance,
  ZCreateCreditEntry,
  ZCreateCustomerDataGroup,
  ZCreditEntriesQuery,
  ZCustomerDataField,
} from './customer-data.ts';

const label = (en: string) => ({ de: `${en} (de)`, en });
const field = (key: string, type: TCustomerDataField['type'], extra: Partial<TCustomerDataField> = {}) => ({
  key,
  type,
  label: label(key),
  ...extra,
});
const levels = [
  { value: 'OWD', label: label('Open Water') },
  { value: 'AOWD', label: label('Advanced') },
];

describe('field definitions', () => {
  it.each(['text', 'textarea', 'number', 'date', 'boolean'] as const)('accepts a %s field', (type) => {
    expect(ZCustomerDataField.safeParse(field('a_1', type)).success).toBe(true);
  });

  it('needs options on a select and only there', () => {
    expect(ZCustomerDataField.safeParse(field('level', 'select', { options: levels })).success).toBe(true);
    expect(ZCustomerDataField.safeParse(field('level', 'select')).success).toBe(false);
    expect(ZCustomerDataField.safeParse(field('level', 'select', { options: [] })).success).toBe(false);
    expect(ZCustomerDataField.safeParse(field('note', 'text', { options: levels })).success).toBe(false);
  });

  it('refuses duplicate option values', () => {
    const options = [...levels, { value: 'OWD', label: label('again') }];
    expect(ZCustomerDataField.safeParse(field('level', 'select', { options })).success).toBe(false);
  });

  it.each(['1dives', 'a-b', 'a b', '', 'x'.repeat(65), '__proto__x', 'a.b'])('refuses the key %j', (key) => {
    expect(ZCustomerDataField.safeParse(field(key, 'text')).success).toBe(false);
  });

  it('refuses an unknown type and a label missing a language', () => {
    expect(ZCustomerDataField.safeParse({ ...field('a', 'text'), type: 'file' }).success).toBe(false);
    expect(ZCustomerDataField.safeParse({ key: 'a', type: 'text', label: { de: 'A' } }).success).toBe(false);
  });

  it('refuses two fields with one key in a group', () => {
    const group = { name: 'Diving', label: label('Diving') };
    expect(ZCreateCustomerDataGroup.safeParse({ ...group, fields: [field('a', 'text')] }).success).toBe(true);
    const twice = { ...group, fields: [field('a', 'text'), field('b', 'text'), field('a', 'number')] };
    const result = ZCreateCustomerDataGroup.safeParse(twice);
    // The second occurrence is marked, so a form can show the error at that field.
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fields.2.key', 'duplicate'],
    ]);
  });
});

describe('validateCustomerData', () => {
  const groups = [
    {
      id: 1,
      fields: [
        field('level', 'select', { options: levels, required: true }),
        field('dives', 'number'),
        field('lastDive', 'date'),
        field('nitrox', 'boolean'),
      ],
    },
    { id: 2, fields: [field('fitUntil', 'date'), field('notes', 'textarea'), field('doctor', 'text')] },
  ];

  it('keeps valid values', () => {
    const data = {
      1: { level: 'AOWD', dives: 120, lastDive: '2024-02-29', nitrox: false },
      2: { notes: 'Asthma as a child' },
    };
    expect(validateCustomerData(groups, data)).toEqual({ data, issues: [] });
  });

  it('reports wrong values by group and field', () => {
    const { issues } = validateCustomerData(groups, {
      1: { level: 'Tec', dives: '12', lastDive: '2023-02-29', nitrox: 'yes' },
      2: { fitUntil: 20250101, notes: 'x'.repeat(10_001), doctor: 'x'.repeat(1001) },
    });
    expect(issues).toEqual([
      { groupId: 1, key: 'level', code: 'invalid_option' },
      { groupId: 1, key: 'dives', code: 'invalid_type' },
      { groupId: 1, key: 'lastDive', code: 'invalid_date' },
      { groupId: 1, key: 'nitrox', code: 'invalid_type' },
      { groupId: 2, key: 'fitUntil', code: 'invalid_type' },
      { groupId: 2, key: 'notes', code: 'too_long' },
      { groupId: 2, key: 'doctor', code: 'too_long' },
    ]);
  });

  it('needs required fields and treats empty values as missing', () => {
    expect(validateCustomerData(groups, {}).issues).toEqual([{ groupId: 1, key: 'level', code: 'required' }]);
    const { data, issues } = validateCustomerData(groups, {
      1: { level: '', dives: null },
      2: { notes: '' },
    });
    expect(issues).toEqual([{ groupId: 1, key: 'level', code: 'required' }]);
    expect(data).toEqual({});
  });

  it('drops values of removed fields and deleted groups', () => {
    const { data, issues } = validateCustomerData(groups, {
      1: { level: 'OWD', removed: 'x' },
      9: { gone: true },
    });
    expect(issues).toEqual([]);
    expect(data).toEqual({ 1: { level: 'OWD' } });
  });

  it('is not fooled by inherited keys', () => {
    const { issues } = validateCustomerData(
      [{ id: 1, fields: [field('toString', 'text', { required: true })] }],
      {
        1: {},
      },
    );
    expect(issues).toEqual([{ groupId: 1, key: 'toString', code: 'required' }]);
  });
});

describe('credit ledger maths', () => {
  it('sums exactly', () => {
    expect(creditBalance(['0.10', '0.20'])).toBe('0.30');
    expect(creditBalance(['100', '-33.33', '-33.33', '-33.34'])).toBe('0.00');
    expect(creditBalance([])).toBe('0.00');
  });

  it('gives each entry its running balance', () => {
    const entries = [{ amount: '250' }, { amount: '-100.5' }, { amount: '0.25' }];
    expect(withRunningBalance(entries).map((e) => [e.amount, e.balance])).toEqual([
      ['250.00', '250.00'],
      ['-100.50', '149.50'],
      ['0.25', '149.75'],
    ]);
  });

  it('refuses an entry that would make the balance negative', () => {
    expect(balanceAfter('100.00', '-100.00')).toBe('0.00');
    expect(balanceAfter('100.00', '-100.01')).toBeUndefined();
    expect(balanceAfter('0.00', '50')).toBe('50.00');
  });
});

describe('credit entry input', () => {
  it('names exactly one owner', () => {
    const entry = { currency: 'EUR', amount: '10.00' };
    expect(ZCreateCreditEntry.safeParse({ ...entry, customerId: 1 }).success).toBe(true);
    expect(ZCreateCreditEntry.safeParse({ ...entry, agencyId: 1 }).success).toBe(true);
    expect(ZCreateCreditEntry.safeParse(entry).success).toBe(false);
    expect(ZCreateCreditEntry.safeParse({ ...entry, customerId: 1, agencyId: 1 }).success).toBe(false);
    expect(ZCreditEntriesQuery.safeParse({ customerId: '3' }).data).toEqual({ customerId: 3 });
    expect(ZCreditEntriesQuery.safeParse({}).success).toBe(false);
  });

  it.each(['0', '0.00', '-0', '1.234', '1e3', '12,50', '', 'abc', '1234567890123'])(
    'refuses amount %j',
    (amount) => {
      expect(ZCreateCreditEntry.safeParse({ customerId: 1, currency: 'EUR', amount }).success).toBe(false);
    },
  );

  it('refuses a currency that is not a code', () => {
    for (const currency of ['eur', 'EURO', '€']) {
      expect(ZCreateCreditEntry.safeParse({ customerId: 1, currency, amount: '1' }).success).toBe(false);
    }
  });
});
