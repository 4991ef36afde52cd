/** A percentage for reading, without needless zeros: "15.00" → "15", "12.50" → "12,5" in German. */
export function formatPercent(value: string, language: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  if (!digits) return whole;
  return `${whole}${language === 'de' ? ',' : '.'}${digits}`;
}
