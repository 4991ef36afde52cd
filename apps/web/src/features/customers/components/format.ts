/** An ISO day (YYYY-MM-DD) as DD.MM.YYYY in German, unchanged in English (spec platform §9); '' for none. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return language === 'de' ? `${d}.${m}.${y}` : value.slice(0, 10);
}
