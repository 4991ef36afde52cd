/** An ISO day as the language writes it (spec platform §9): DD.MM.YYYY, English screens keep ISO. */
export function formatDay(day: string | null | undefined, language: string): string {
  if (!day) return '';
  if (language === 'en') return day;
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
