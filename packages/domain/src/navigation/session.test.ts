import * as viaPackage from '@atoll/domain/navigation/session';
import { describe, expect, it } from 'vitest';
import { isNewerVersion, isValidToken, parseJsonSetting, refreshDelayMs } from './session.ts';

describe('package entry', () => {
  it('exports the session rules the web imports', () => {
    expect(viaPackage.isValidToken).toBe(isValidToken);
    expect(viaPackage.refreshDelayMs).toBe(refreshDelayMs);
    expect(viaPackage.isNewerVersion).toBe(isNewerVersion);
    expect(viaPackage.parseJsonSetting).toBe(parseJsonSetting);
  });
});

describe('isValidToken (longer than 50 characters)', () => {
  it.each([
    { token: 'a'.repeat(51), expected: true },
    { token: 'a'.repeat(500), expected: true },
    { token: 'a'.repeat(50), expected: false },
    { token: 'a'.repeat(49), expected: false },
    { token: '', expected: false },
    { token: null, expected: false },
    { token: undefined, expected: false },
    { token: 10 ** 60, expected: false },
    { token: ['a'.repeat(51)], expected: false },
    { token: { length: 60 }, expected: false },
  ])('$token -> $expected', ({ token, expected }) => {
    expect(isValidToken(token)).toBe(expected);
  });
});

describe('refreshDelayMs (120 s before expiry, only when the lifetime exceeds 240 s)', () => {
  it.each([
    { expiresIn: 3600, expected: 3_480_000 },
    { expiresIn: 241, expected: 121_000 },
    { expiresIn: 240.5, expected: 120_500 },
    { expiresIn: 86_400, expected: 86_280_000 },
    { expiresIn: 300.0004, expected: 180_000 },
    { expiresIn: 240, expected: null },
    { expiresIn: 239, expected: null },
    { expiresIn: 120, expected: null },
    { expiresIn: 0, expected: null },
    { expiresIn: -5, expected: null },
    { expiresIn: Number.NaN, expected: null },
    { expiresIn: Number.POSITIVE_INFINITY, expected: null },
  ])('$expiresIn s -> $expected', ({ expiresIn, expected }) => {
    expect(refreshDelayMs(expiresIn)).toBe(expected);
  });
});

describe('isNewerVersion', () => {
  it.each([
    { server: '1.2.4', stored: '1.2.3', expected: true },
    { server: '1.3.0', stored: '1.2.9', expected: true },
    { server: '2.0.0', stored: '1.99.99', expected: true },
    { server: '1.10.0', stored: '1.9.0', expected: true },
    { server: '1.2.3.1', stored: '1.2.3', expected: true },
    { server: '1.3', stored: '1.2.9', expected: true },
    { server: 'v1.2.4', stored: '1.2.3', expected: true },
    { server: '1.2.4', stored: 'V1.2.3', expected: true },
    { server: ' 1.2.4 ', stored: '1.2.3', expected: true },
    { server: '12345678901234567891', stored: '12345678901234567890', expected: true },
    { server: '20240502', stored: '20240501', expected: true },
    { server: 3, stored: '2', expected: true },
    { server: '1.2.3', stored: '1.2.3', expected: false },
    { server: '1.2', stored: '1.2.0', expected: false },
    { server: '1.2.0', stored: '1.2', expected: false },
    { server: '01.02.03', stored: '1.2.3', expected: false },
    { server: '1.2.3', stored: '1.2.4', expected: false },
    { server: '1.9.0', stored: '1.10.0', expected: false },
    { server: '1.2.3', stored: '1.2.3.1', expected: false },
    { server: '1.2.3-rc.1', stored: '1.2.3', expected: false },
    { server: '1.2.4-rc.1', stored: '1.2.3', expected: true },
    { server: '1.2.4+build.7', stored: '1.2.3+build.9', expected: true },
  ])('$server vs $stored -> $expected', ({ server, stored, expected }) => {
    expect(isNewerVersion(server, stored)).toBe(expected);
  });

  it.each([
    { server: '1.2.3', stored: null, why: 'nothing stored' },
    { server: '1.2.3', stored: undefined, why: 'nothing stored' },
    { server: '1.2.3', stored: '', why: 'empty stored' },
    { server: '9.9.9', stored: 'garbage', why: 'unreadable stored' },
    { server: '9.9.9', stored: '1..2', why: 'empty part' },
    { server: '9.9.9', stored: '1.x', why: 'non-numeric part' },
    { server: '', stored: '1.2.3', why: 'empty server' },
    { server: 'next', stored: '1.2.3', why: 'unreadable server' },
    { server: null, stored: '1.2.3', why: 'no server version' },
    { server: Number.NaN, stored: '1', why: 'NaN' },
    { server: '-1', stored: '0', why: 'negative' },
  ])('$server vs $stored ($why) -> false', ({ server, stored }) => {
    expect(isNewerVersion(server, stored)).toBe(false);
  });
});

describe('parseJsonSetting (ignored when invalid or shorter than 11 characters)', () => {
  it.each([
    { text: '{"scope":["admin"]}', expected: { scope: ['admin'] } },
    { text: '{"a":"1234"}', expected: { a: '1234' } },
    { text: '{"primary":"#123456","dark":true}', expected: { primary: '#123456', dark: true } },
    { text: '{"a":"123"}', expected: { a: '123' } },
    { text: '  {"a": 1}  ', expected: { a: 1 } },
  ])('$text -> object', ({ text, expected }) => {
    expect(parseJsonSetting(text)).toEqual(expected);
  });

  it.each([
    { text: '{"a":"12"}', why: '10 characters' },
    { text: '{}', why: 'empty object, too short' },
    { text: '', why: 'empty' },
    { text: '{"scope":["admin"]', why: 'invalid JSON' },
    { text: "{'scope':'admin'}", why: 'single quotes' },
    { text: '["admin","user"]', why: 'an array is no setting object' },
    { text: '"some long text"', why: 'a string' },
    { text: '12345678901', why: 'a number' },
    { text: 'null       ', why: 'null' },
    { text: null, why: 'null input' },
    { text: undefined, why: 'undefined input' },
    { text: { scope: ['admin'] }, why: 'already an object, not text' },
  ])('$text ($why) -> null', ({ text }) => {
    expect(parseJsonSetting(text)).toBeNull();
  });
});
