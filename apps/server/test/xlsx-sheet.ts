import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The first sheet of a report's XLSX answer (after checking that it is one: 200, a spreadsheetml type), with
 * its header row's titles, for tests that check an export's columns and cells.
 */
export async function xlsxSheet(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return { sheet, header: (sheet.getRow(1).values as unknown[]).slice(1) };
}
