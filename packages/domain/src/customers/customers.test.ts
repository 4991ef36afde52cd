import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  birthdayKeys,
  customerAge,
  diffValues,
  fullNameOf,
  isChild,
  isDuplicate,
  isIsoDate,
  ZCreateCustomer,
  ZUpdateCustomer,
} from './customers.ts';

describe('ageOn', () => {
  it.each([
    { birthday: '2000-06-15', today: '2024-06-14', expected: 23 },
    { birthday: '2000-06-15', today: '2024-06-15', expected: 24 },
    { birthday: '2000-06-15', today: '2024-12-31', expected: 24 },
    { birthday: '2024-06-15', today: '2024-06-15', expected: 0 },
    // Born on 29 February: a year older on 1 March in common years, on the 29th in leap years.
    { birthday: '2012-02-29', today: '2023-02-28', expected: 10 },
    { birthday: '2012-02-29', today: '2023-03-01', expected: 11 },
    { birthday: '2012-02-29', today: '2024-02-29', expected: 12 },
  ])('$birthday on $today is $expected', ({ birthday, today, expected }) => {
    expect(ageOn(birthday, today)).toBe(expected);
  });

  it('has no age before birth or for a broken date', () => {
    expect(ageOn('2030-01-01', '2024-01-01')).toBeNull();
    expect(ageOn('2023-02-30', '2024-01-01')).toBeNull();
  });
});

describe('customerAge', () => {
  it('prefers the birthday over permanentAge', () => {
    expect(customerAge({ birthday: '2014-05-01', permanentAge: 40 }, '2025-05-01')).toBe(11);
  });
  it('falls back to permanentAge, then to unknown', () => {
    expect(customerAge({ birthday: null, permanentAge: 8 }, '2025-05-01')).toBe(8);
    expect(customerAge({}, '2025-05-01')).toBeNull();
  });
});

describe('isChild', () => {
  it.each([
    { age: 0, expected: true },
    { age: 11, expected: true },
    { age: 12, expected: false },
    { age: null, expected: false },
  ])('age $age with childMaxAge 11 -> $expected', ({ age, expected }) => {
    expect(isChild(age, 11)).toBe(expected);
  });
});

describe('fullNameOf', () => {
  it('joins first, middle and last name without empty parts', () => {
    expect(fullNameOf({ firstName: 'Maria', middleName: ' ', lastName: 'Sommer' })).toBe('Maria Sommer');
    expect(fullNameOf({ firstName: 'Anna', middleName: 'Lena', lastName: 'Berg' })).toBe('Anna Lena Berg');
  });
  it('uses the free name when there are no name parts', () => {
    expect(fullNameOf({ name: 'Dive Club Nord', firstName: '', lastName: null })).toBe('Dive Club Nord');
    expect(fullNameOf({})).toBe('');
  });
});

describe('isDuplicate', () => {
  const maria = {
    firstName: 'Maria',
    lastName: 'Sommer',
    birthday: '1985-04-12',
    email: 'maria@example.com',
  };
  it('matches the same e-mail in any case', () => {
    expect(isDuplicate(maria, { lastName: 'Other', email: ' MARIA@example.com' })).toBe(true);
  });
  it('matches the same first and last name and birthday, case-insensitive', () => {
    expect(isDuplicate(maria, { firstName: 'maria', lastName: 'SOMMER', birthday: '1985-04-12' })).toBe(true);
  });
  it('does not match the same name with another or no birthday', () => {
    expect(isDuplicate(maria, { firstName: 'Maria', lastName: 'Sommer', birthday: '1985-04-13' })).toBe(
      false,
    );
    expect(
      isDuplicate({ ...maria, email: null, birthday: null }, { firstName: 'Maria', lastName: 'Sommer' }),
    ).toBe(false);
  });
  it('does not treat two empty e-mails as the same', () => {
    expect(isDuplicate({ lastName: 'A', email: '' }, { lastName: 'B', email: '' })).toBe(false);
  });
});

describe('schemas', () => {
  it('needs a last name on create but not on update', () => {
    expect(ZCreateCustomer.safeParse({ masterData: { firstName: 'A' } }).success).toBe(false);
    expect(ZUpdateCustomer.safeParse({ masterData: { firstName: 'A' } }).success).toBe(true);
  });
  it('upper-cases country codes and refuses other forms', () => {
    const parsed = ZCreateCustomer.parse({
      masterData: { lastName: 'X', nationality: 'de' },
      address: { country: 'at' },
    });
    expect(parsed.masterData.nationality).toBe('DE');
    expect(parsed.address?.country).toBe('AT');
    expect(ZCreateCustomer.safeParse({ masterData: { lastName: 'X', nationality: 'DEU' } }).success).toBe(
      false,
    );
  });
  it('refuses impossible dates and bad e-mails', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(ZCreateCustomer.safeParse({ masterData: { lastName: 'X', birthday: '2023-13-01' } }).success).toBe(
      false,
    );
    expect(
      ZCreateCustomer.safeParse({ masterData: { lastName: 'X' }, contact: { email: 'nope' } }).success,
    ).toBe(false);
  });
});

describe('birthdayKeys', () => {
  it('is the month and day of the date', () => {
    expect(birthdayKeys('2025-07-04')).toEqual(['07-04']);
    expect(birthdayKeys('2024-02-28')).toEqual(['02-28']);
    expect(birthdayKeys('2024-02-29')).toEqual(['02-29']);
  });
  it('celebrates 29 February birthdays on 28 February of common years', () => {
    expect(birthdayKeys('2025-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdayKeys('2100-02-28')).toEqual(['02-28', '02-29']);
  });
  it('counts days across month and year ends', () => {
    expect(addDays('2024-12-30', 3)).toBe('2025-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('diffValues', () => {
  it('lists changed leaves by dotted path, sorted', () => {
    const from = { fullName: 'Maria Sommer', masterData: { firstName: 'Maria', birthday: null }, data: {} };
    const to = {
      fullName: 'Maria Winter',
      masterData: { firstName: 'Maria', birthday: '1985-04-12' },
      data: { '3': { shoeSize: 38 } },
    };
    expect(diffValues(from, to)).toEqual([
      { path: 'data.3.shoeSize', from: null, to: 38 },
      { path: 'fullName', from: 'Maria Sommer', to: 'Maria Winter' },
      { path: 'masterData.birthday', from: null, to: '1985-04-12' },
    ]);
  });
  it('finds nothing between equal states and compares arrays whole', () => {
    expect(diffValues({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
    expect(diffValues({ tags: [1, 2] }, { tags: [1, 2, 3] })).toEqual([
      { path: 'tags', from: [1, 2], to: [1, 2, 3] },
    ]);
  });
});
