import { describe, expect, it } from 'vitest';
import { base64Size, fieldsOf, GUEST_FORM_TYPES, validateGuestForm } from './guestforms.ts';

const opts = { today: '2030-06-01', maxFileKb: 256, travelTo: '2030-07-08' };

describe('validateGuestForm', () => {
  it('asks for every required answer of the chosen sections only', () => {
    const errors = validateGuestForm(['insurance'], {}, opts);
    expect(errors).toEqual([
      { path: 'data.insuranceCompany', code: 'REQUIRED' },
      { path: 'data.insurancePolicy', code: 'REQUIRED' },
    ]);
    expect(
      validateGuestForm(['insurance'], { insuranceCompany: 'DAN', insurancePolicy: 'P1' }, opts),
    ).toEqual([]);
  });

  it('checks flight numbers (2-3 alphanumerics plus up to 5 digits), dates and their order', () => {
    const base = { arrivalDate: '2030-07-01', departureDate: '2030-07-08' };
    for (const good of ['LH1234', 'U2 8011', '4U123', 'EK7'])
      expect(
        validateGuestForm(['flights'], { ...base, arrivalFlight: good, departureFlight: 'LH1' }, opts),
      ).toEqual([]);
    for (const bad of ['L', '12', 'LH1234567', 'ABCD12', 'LH-12'])
      expect(
        validateGuestForm(['flights'], { ...base, arrivalFlight: bad, departureFlight: 'LH1' }, opts)[0],
      ).toEqual({ path: 'data.arrivalFlight', code: 'INVALID_FLIGHT_NUMBER' });
    const order = validateGuestForm(
      ['flights'],
      {
        arrivalFlight: 'LH1',
        departureFlight: 'LH2',
        arrivalDate: '2030-07-08',
        departureDate: '2030-07-01',
      },
      opts,
    );
    expect(order).toEqual([{ path: 'data.departureDate', code: 'DATE_ORDER' }]);
  });

  it('refuses unknown keys, a passport expiring during the trip and an upload over the limit', () => {
    const passport = {
      passportNumber: 'X1',
      nationality: 'DE',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-07-01',
    };
    expect(validateGuestForm(['passport'], { ...passport, extra: 1 }, opts)).toEqual([
      { path: 'data.extra', code: 'UNKNOWN_FIELD' },
      { path: 'data.passportExpiryDate', code: 'PASSPORT_EXPIRED' },
    ]);
    const big = 'A'.repeat(Math.ceil((257 * 1024 * 4) / 3));
    expect(
      validateGuestForm(
        ['passport'],
        {
          ...passport,
          passportExpiryDate: '2035-01-01',
          passportScan: { name: 'p.png', size: 1, type: 'image/png', data: big },
        },
        opts,
      ),
    ).toEqual([{ path: 'data.passportScan', code: 'FILE_TOO_LARGE' }]);
    expect(base64Size('AAAA')).toBe(3);
    expect(base64Size('AA==')).toBe(1);
  });

  it('knows every section', () => {
    expect(fieldsOf(GUEST_FORM_TYPES).length).toBeGreaterThan(30);
  });
});
