/** One CSV line (RFC 4180); nested values as JSON, cells that a spreadsheet would run as a formula are defused. */
export function toCsvLine(values: readonly unknown[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}

function toCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
