import { describe, expect, it } from 'vitest';
import { ZFormField, ZFormFields } from './forms.ts';
import {
  FORM_FIELD_TYPES,
  type FormField,
  isEmail,
  isFlightNumber,
  isNonNegativeInteger,
  parseRelativeDate,
  pickAnswers,
  ruleMessage,
  validateAnswers,
  validateField,
} from './rules.ts';

const today = '2041-01-30';
const f = (
  type: FormField['type'],
  rules: FormField['rules'] = {},
  extra: Partial<FormField> = {},
): FormField => ({
  key: 'x',
  type,
  label: { de: 'X', en: 'X' },
  rules,
  ...extra,
});
const opts = [
  { value: 'a', label: { en: 'A' } },
  { value: 'b', label: { en: 'B' } },
];

describe('field types', () => {
  it('has the 15 types of spec booking §3', () => {
    expect(FORM_FIELD_TYPES).toHaveLength(15);
  });
});

describe('isFlightNumber', () => {
  it.each(['LH1234', 'U2 8011', '4U123', 'DLH1', 'ab12345', 'EZY12345'])('%s is valid', (v) => {
    expect(isFlightNumber(v)).toBe(true);
  });
  it.each(['L1', 'LH', 'LH1234567', 'ABCD123', 'LH-123', '', '1'])('%s is invalid', (v) => {
    expect(isFlightNumber(v)).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts addresses and rejects others', () => {
    expect(isEmail('guest@example.com')).toBe(true);
    expect(isEmail('a.b+c@sub.example.org')).toBe(true);
    expect(isEmail('guest@example')).toBe(false);
    expect(isEmail('guest example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
  });
});

describe('parseRelativeDate', () => {
  it.each([
    ['today', '2041-01-30'],
    ['today +3 days', '2041-02-02'],
    ['Today+1 day', '2041-01-31'],
    ['today - 30 days', '2040-12-31'],
    ['today +2 weeks', '2041-02-13'],
    ['today +1 month', '2041-02-28'],
    ['today -18 years', '2023-01-30'],
    ['2041-05-01', '2041-05-01'],
  ])('%s → %s', (expr, expected) => {
    expect(parseRelativeDate(expr, today)).toBe(expected);
  });
  it.each(['tomorrow', 'today +x days', 'today +3 fortnights', '2041-02-30', ''])('%s → null', (expr) => {
    expect(parseRelativeDate(expr, today)).toBeNull();
  });
});

describe('isNonNegativeInteger', () => {
  it('accepts 0 and whole numbers only', () => {
    expect(isNonNegativeInteger(0)).toBe(true);
    expect(isNonNegativeInteger('12')).toBe(true);
    expect(isNonNegativeInteger(-1)).toBe(false);
    expect(isNonNegativeInteger('1.5')).toBe(false);
    expect(isNonNegativeInteger('abc')).toBe(false);
  });
});

describe('validateField', () => {
  it('required', () => {
    const field = f('QuestionShort', { required: true });
    expect(validateField(field, '', today)).toBe('REQUIRED');
    expect(validateField(field, '  ', today)).toBe('REQUIRED');
    expect(validateField(field, undefined, today)).toBe('REQUIRED');
    expect(validateField(field, 'x', today)).toBeNull();
    expect(validateField(f('MultipleChoice', { required: true }, { options: opts }), [], today)).toBe(
      'REQUIRED',
    );
    expect(validateField(f('QuestionShort'), '', today)).toBeNull();
  });
  it('display fields never fail', () => {
    for (const type of ['Header', 'Text', 'Video', 'Download'] as const) {
      expect(validateField(f(type, { required: true }), undefined, today)).toBeNull();
    }
  });
  it('file size under the KB limit (default 256)', () => {
    const img = (size: number) => ({ name: 'p.png', size, type: 'image/png' });
    expect(validateField(f('Image'), img(256 * 1024), today)).toBeNull();
    expect(validateField(f('Image'), img(256 * 1024 + 1), today)).toBe('FILE_TOO_LARGE');
    expect(validateField(f('Image', { maxFileSizeKb: 10 }), img(11 * 1024), today)).toBe('FILE_TOO_LARGE');
    expect(validateField(f('Image'), { name: 'x.pdf', size: 10, type: 'application/pdf' }, today)).toBe(
      'INVALID_FILE',
    );
    expect(validateField(f('Image'), 'nope', today)).toBe('INVALID_FILE');
  });
  it('min and max length', () => {
    const field = f('QuestionLong', { minLength: 3, maxLength: 5 });
    expect(validateField(field, 'ab', today)).toBe('TOO_SHORT');
    expect(validateField(field, 'abc', today)).toBeNull();
    expect(validateField(field, 'abcdef', today)).toBe('TOO_LONG');
    const multi = f('MultipleSelect', { minLength: 2 }, { options: opts });
    expect(validateField(multi, ['a'], today)).toBe('TOO_SHORT');
    expect(validateField(multi, ['a', 'b'], today)).toBeNull();
  });
  it('email pattern', () => {
    expect(validateField(f('QuestionShort', { email: true }), 'no-mail', today)).toBe('INVALID_EMAIL');
    expect(validateField(f('QuestionShort', { email: true }), 'a@b.de', today)).toBeNull();
  });
  it('flight-number pattern', () => {
    expect(validateField(f('QuestionShort', { flightNumber: true }), 'LH', today)).toBe(
      'INVALID_FLIGHT_NUMBER',
    );
    expect(validateField(f('QuestionShort', { flightNumber: true }), 'LH400', today)).toBeNull();
  });
  it('numeric min, max and non-zero', () => {
    const field = f('QuestionShort', { min: 1, max: 10 });
    expect(validateField(field, 'abc', today)).toBe('NOT_A_NUMBER');
    expect(validateField(field, '0.5', today)).toBe('TOO_SMALL');
    expect(validateField(field, '11', today)).toBe('TOO_LARGE');
    expect(validateField(field, '10', today)).toBeNull();
    expect(validateField(f('QuestionShort', { nonZero: true }), '0', today)).toBe('ZERO');
    expect(validateField(f('QuestionShort', { nonZero: true }), '-2', today)).toBeNull();
  });
  it('non-negative integer', () => {
    const field = f('QuestionShort', { nonNegativeInteger: true });
    expect(validateField(field, '-1', today)).toBe('NOT_NON_NEGATIVE_INTEGER');
    expect(validateField(field, '2.5', today)).toBe('NOT_NON_NEGATIVE_INTEGER');
    expect(validateField(field, '0', today)).toBeNull();
    expect(validateField(field, 42, today)).toBeNull();
  });
  it('equality with a value and with another field', () => {
    expect(validateField(f('QuestionShort', { equals: 'yes' }), 'no', today)).toBe('NOT_EQUAL');
    expect(validateField(f('QuestionShort', { equals: 'yes' }), 'yes', today)).toBeNull();
    const repeat = f('QuestionShort', { equalsField: 'email' });
    expect(validateField(repeat, 'a@b.de', today, { email: 'a@b.de' })).toBeNull();
    expect(validateField(repeat, 'a@c.de', today, { email: 'a@b.de' })).toBe('NOT_EQUAL');
  });
  it('date on or after / on or before a relative date', () => {
    const after = f('Date', { dateOnOrAfter: 'today +3 days' });
    expect(validateField(after, '2041-02-01', today)).toBe('DATE_TOO_EARLY');
    expect(validateField(after, '2041-02-02', today)).toBeNull();
    const before = f('DateTime', { dateOnOrBefore: 'today' });
    expect(validateField(before, '2041-01-30T23:00', today)).toBeNull();
    expect(validateField(before, '2041-01-31T00:00', today)).toBe('DATE_TOO_LATE');
    expect(validateField(f('Date'), '2041-02-30', today)).toBe('INVALID_DATE');
  });
  it('time, choices and stars', () => {
    expect(validateField(f('Time'), '25:00', today)).toBe('INVALID_VALUE');
    expect(validateField(f('Time'), '09:30', today)).toBeNull();
    expect(validateField(f('Radio', {}, { options: opts }), 'c', today)).toBe('INVALID_OPTION');
    expect(validateField(f('Select', {}, { options: opts }), 'b', today)).toBeNull();
    expect(validateField(f('MultipleChoice', {}, { options: opts }), ['a', 'z'], today)).toBe(
      'INVALID_OPTION',
    );
    expect(validateField(f('Stars'), 6, today)).toBe('INVALID_VALUE');
    expect(validateField(f('Stars', {}, { stars: 10 }), 6, today)).toBeNull();
    expect(validateField(f('Stars', { min: 2 }), 1, today)).toBe('TOO_SMALL');
  });
});

describe('validateAnswers', () => {
  const fields: FormField[] = [
    { key: 'head', type: 'Header', label: { en: 'Travel' } },
    {
      key: 'flight',
      type: 'QuestionShort',
      label: { en: 'Flight' },
      rules: { required: true, flightNumber: true },
    },
    { key: 'arrival', type: 'Date', label: { en: 'Arrival' }, rules: { dateOnOrAfter: 'today +3 days' } },
    { key: 'email', type: 'QuestionShort', label: { en: 'Mail' }, rules: { email: true } },
  ];
  it('returns field paths, codes and messages in the language', () => {
    const errors = validateAnswers(fields, { flight: 'X', arrival: '2041-01-31' }, today, 'de');
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['flight', 'INVALID_FLIGHT_NUMBER'],
      ['arrival', 'DATE_TOO_EARLY'],
    ]);
    expect(errors[1]?.message).toBe('Frühestens am 2041-02-02');
    expect(validateAnswers(fields, { flight: 'LH123', arrival: '2041-02-05' }, today)).toEqual([]);
  });
  it('messages fill placeholders in en', () => {
    expect(ruleMessage('FILE_TOO_LARGE', f('Image'), 'en', today)).toBe('The file is larger than 256 KB');
    expect(ruleMessage('TOO_SHORT', f('QuestionShort', { minLength: 4 }), 'en', today)).toBe(
      'At least 4 characters',
    );
  });
  it('pickAnswers drops unknown keys and display fields', () => {
    expect(pickAnswers(fields, { flight: 'LH1', head: 'x', evil: 1 })).toEqual({ flight: 'LH1' });
  });
});

describe('zod schemas', () => {
  it('choice fields need options; keys are unique; equalsField must exist; relative dates parse', () => {
    expect(ZFormField.safeParse({ key: 'a', type: 'Radio', label: {} }).success).toBe(false);
    expect(ZFormField.safeParse({ key: 'a', type: 'Radio', label: {}, options: opts }).success).toBe(true);
    expect(
      ZFormFields.safeParse([
        { key: 'a', type: 'Date', label: {} },
        { key: 'a', type: 'Date', label: {} },
      ]).success,
    ).toBe(false);
    expect(
      ZFormFields.safeParse([{ key: 'a', type: 'QuestionShort', label: {}, rules: { equalsField: 'b' } }])
        .success,
    ).toBe(false);
    expect(
      ZFormField.safeParse({ key: 'a', type: 'Date', label: {}, rules: { dateOnOrAfter: 'soon' } }).success,
    ).toBe(false);
    expect(
      ZFormField.safeParse({ key: 'a', type: 'Date', label: {}, rules: { dateOnOrAfter: 'today +3 days' } })
        .success,
    ).toBe(true);
  });
});
