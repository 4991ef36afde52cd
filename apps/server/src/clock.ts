import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_TIMEZONE } from '@atoll/domain/constants';

/**
 * The one clock of the server. Business dates (booking-number years, invoice, payment and due dates,
 * the days the nightly jobs work on, "today" in reports and the online booking) are calendar days in the
 * operator's time zone: the setting `booking.timezone`, Europe/Berlin until it is read. The settings
 * service hands the zone over whenever it reads that group (at start and after every change), so a
 * 2027 booking number never meets a 2026-12-31 invoice date. See docs/domain/dates-and-time.md.
 */

let zone = DEFAULT_TIMEZONE;
let dayFormat = formatFor(zone);
/** The last minute asked for and its day: a day starts on a whole minute in every time zone. */
let known = { minute: Number.NaN, day: '' };

function formatFor(name: string) {
  // Creating a DateTimeFormat costs about a millisecond: once per zone.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: name,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/** The operator's time zone (IANA name). */
export function operatorTimeZone(): string {
  return zone;
}

/** Takes the operator's time zone from the settings; an unknown name keeps the current one. */
export function setOperatorTimeZone(name: unknown): void {
  if (typeof name !== 'string' || !name || name === zone) return;
  let format: Intl.DateTimeFormat;
  try {
    format = formatFor(name);
  } catch {
    return;
  }
  zone = name;
  dayFormat = format;
  known = { minute: Number.NaN, day: '' };
}

/** A day the caller's steps run on instead of the real one (see `onDay`). */
const stepDay = new AsyncLocalStorage<string>();

/**
 * Runs `step` as if `day` (YYYY-MM-DD) were today: `today()` without an argument answers that day inside it and
 * everything it awaits, and `now()` its noon. The demo season takes each step of a booking's life on its own day with it (the number's
 * year, the specials' days before travel, the due dates); requests running beside it keep the real day.
 */
export function onDay<T>(day: string, step: () => Promise<T>): Promise<T> {
  return stepDay.run(day, step);
}

/**
 * Now, for the stamps a business step writes (a booking's reservation and confirmation, its option's expiry); inside
 * `onDay`, noon UTC of the step's day (the same calendar day from UTC-11 to UTC+11).
 */
export function now(): Date {
  const day = stepDay.getStore();
  return day ? new Date(`${day}T12:00:00Z`) : new Date();
}

/** The day `at` falls on in the operator's time zone, as YYYY-MM-DD; without `at`, today (or the step's day). */
export function today(at?: Date): string {
  if (!at) {
    const day = stepDay.getStore();
    if (day) return day;
  }
  at ??= new Date();
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== known.minute) known = { minute, day: dayFormat.format(at) };
  return known.day;
}
