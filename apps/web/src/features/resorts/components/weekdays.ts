import { WEEKDAYS } from '@atoll/domain/inventory/resorts';

/** Monday first, as calendars in Germany and most of Europe are printed. */
export const WEEKDAYS_MONDAY_FIRST = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** The weekday's name in the UI language, from the browser's CLDR data (0 = Sunday). */
export function weekdayName(day: number, lang: string, width: 'short' | 'long' = 'short') {
  // 2025-06-01 was a Sunday.
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2025, 5, 1 + day)),
  );
}
