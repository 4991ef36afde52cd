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

/** The day `at` falls on in the operator's time zone, as YYYY-MM-DD. */
export function today(at: Date = new Date()): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== known.minute) known = { minute, day: dayFormat.format(at) };
  return known.day;
}
