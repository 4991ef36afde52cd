/** The statement formats the bank import takes, each its own call (`POST /api/banks/{id}/import/{format}`). */
export type TStatementFormat = 'csv' | 'camt053' | 'mt940';

/**
 * Which format a statement file is, from the start of its text: camt.053 is XML (a `<Document` of ISO 20022),
 * MT940 is made of SWIFT fields (`:20:` reference, `:60F:` opening balance, `:61:` entries); everything
 * else is read as CSV, whose mapping the bank sets. The file name decides nothing: banks name these files
 * .xml, .sta, .txt, .940 or .csv as they like.
 */
export function statementFormatOf(head: string): TStatementFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<') && /<Document[\s>]|camt\.053/.test(text)) return 'camt053';
  if (/(^|\n):20:/.test(text) && /(^|\n):(60F|60M|61):/.test(text)) return 'mt940';
  return 'csv';
}
