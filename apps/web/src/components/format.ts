import dayjs from 'dayjs';

// Spec platform §9: DD.MM.YYYY and HH:mm; English screens get the unambiguous ISO date.
const DATE_TIME: Record<string, string> = { de: 'DD.MM.YYYY HH:mm', en: 'YYYY-MM-DD HH:mm' };

/** A timestamp of the API in the browser's time zone, written the way the language does; '' for none. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.format(DATE_TIME[language] ?? DATE_TIME.de) : '';
}

/** A calendar day of the API (or the day of a timestamp) as the language writes it: DD.MM.YYYY, English keeps ISO. */
export function formatDay(day: string | null | undefined, language: string): string {
  if (!day) return '';
  const iso = day.slice(0, 10);
  const [y, m, d] = iso.split('-');
  return language === 'en' ? iso : `${d}.${m}.${y}`;
}
