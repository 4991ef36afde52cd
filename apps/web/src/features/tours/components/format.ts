import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { formatDay } from '../../../components/format.ts';

export const formatRange = (from: string, to: string, language: string) =>
  `${formatDay(from, language)} – ${formatDay(to, language)}`;

/** The departures a SCHEDULE_OVERLAP names ("#12 2026-03-07 – 2026-03-14"), written for the reader. */
export function overlapsOf(error: ApiError, language: string): string[] {
  return (error.details ?? []).map((d) => {
    const [id, from, , to] = d.message.split(' ');
    return from && to ? `${id} ${formatRange(from, to, language)}` : d.message;
  });
}

/** A failure as text; SCHEDULE_OVERLAP names the departures it clashes with. */
export function scheduleErrorText(error: unknown, language: string): string {
  if (!(error instanceof ApiError)) return String(error);
  const text = apiErrorText(error);
  if (error.code !== 'SCHEDULE_OVERLAP' || !error.details?.length) return text;
  return `${text} ${overlapsOf(error, language).join(', ')}`;
}
