import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../constants.ts';

const isLanguage = (code: string): code is TLanguage => (LANGUAGES as readonly string[]).includes(code);

/**
 * Picks de or en from an Accept-Language header (or a navigator.languages list) by quality;
 * other languages are never auto-picked (spec platform §5). Lower-cased, region ignored.
 */
export function pickLanguage(header: string | readonly string[] | undefined | null): TLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const entries = typeof header === 'string' ? header.split(',') : header;
  const ranked = entries
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        code: tag.toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((e) => e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked.find((e) => isLanguage(e.code))?.code as TLanguage | undefined) ?? DEFAULT_LANGUAGE;
}
