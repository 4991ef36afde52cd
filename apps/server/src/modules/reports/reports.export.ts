import type { TLanguage } from '@atoll/domain/constants';
import {
  columnTitle,
  REPORT_TITLES,
  type TReportAnswer,
  type TReportName,
  type TReportRow,
} from '@atoll/domain/reports';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLetterhead } from '../../documents/pdf.tsx';
import { sendPdf } from '../../documents/pdf.tsx';
import { sendCsv } from '../../http/csv.ts';
import { requestLanguage } from '../../http/request.ts';
import { reportPdf, TOTAL_TEXT } from './reports.pdf.tsx';

// A report as a file: CSV or XLSX (mode=export), PDF (mode=template); column titles in the user's language,
// the total as the last line.

export type TReportFile = 'csv' | 'xlsx' | 'pdf';

const languageOf = (request: FastifyRequest): TLanguage =>
  (request.user?.settings.language ?? requestLanguage(request)) === 'de' ? 'de' : 'en';

const fileName = (answer: TReportAnswer, ext: string) =>
  `${answer.report.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}-${answer.from}-${answer.to}.${ext}`;

/** The table's lines: titles, rows, the total. */
function lines(answer: TReportAnswer, lang: TLanguage) {
  const keys = answer.columns.map((c) => c.key);
  const total: TReportRow = { ...answer.total, label: TOTAL_TEXT[lang] };
  return {
    titles: keys.map((k) => columnTitle(k, lang)),
    rows: [...answer.rows, total].map((row) => keys.map((k) => row[k] ?? null)),
  };
}

async function xlsx(answer: TReportAnswer, lang: TLanguage, title: string) {
  const book = new ExcelJS.Workbook();
  book.creator = 'Atoll';
  const sheet = book.addWorksheet(title.slice(0, 31));
  const { titles, rows } = lines(answer, lang);
  sheet.addRow(titles).font = { bold: true };
  for (const row of rows)
    sheet.addRow(
      row.map((value, i) => (answer.columns[i]?.kind === 'text' || value === null ? value : Number(value))),
    );
  answer.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.kind === 'text' ? 32 : 14;
    if (c.kind === 'money' || c.kind === 'percent') column.numFmt = '#,##0.00';
  });
  sheet.getRow(rows.length + 1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function sendReportFile(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TReportAnswer,
  file: TReportFile,
  letterhead: () => Promise<TLetterhead>,
) {
  const lang = languageOf(request);
  const title = REPORT_TITLES[answer.report as TReportName]?.[lang] ?? answer.report;
  if (file === 'pdf')
    return sendPdf(reply, await reportPdf(answer, await letterhead(), lang, title), fileName(answer, 'pdf'));
  if (file === 'xlsx')
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName(answer, 'xlsx')}"`)
      .send(await xlsx(answer, lang, title));
  const { titles, rows } = lines(answer, lang);
  return sendCsv(request, reply, [titles, ...rows], fileName(answer, 'csv'));
}
