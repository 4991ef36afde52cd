import type { TIncomeReport, TOccupancyReport, TReportFileQuery } from '@atoll/domain/bookings/queries';
import type { TLanguage } from '@atoll/domain/constants';
import {
  columnTitle,
  labelText,
  REPORT_TITLES,
  type TReportAnswer,
  type TReportRow,
  YEAR_REPORT_TITLES,
} from '@atoll/domain/reports';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { documentTemplates } from '../db/schema.ts';
import { sendCsv } from '../http/csv.ts';
import { badRequest } from '../http/errors.ts';
import { requestLanguage } from '../http/request.ts';
import { templateTexts } from '../modules/documents/booking-data.ts';
import type { TSettingsService } from '../modules/settings/settings.service.ts';
import { loadLetterhead, sendPdf, type TLetterhead } from './pdf.tsx';
import { reportPdf, TOTAL_TEXT } from './report-pdf.tsx';

// A report as a file: CSV or XLSX (mode=export), PDF (mode=template, with the texts of a document template of
// kind report when `template` names one); titles and the codes of the rows (states, channels, line types) in
// the user's language, the total as the last line. The year reports of the bookings module (occupancyPerYear,
// incomeByMonth) come here as the same table.

/** The letterhead and the texts around a report PDF's table. */
export type TReportFileTexts = { letterhead: TLetterhead; intro: string; closing: string; blocks: string[] };

/** The letterhead, and the texts of the document template `template` (kind report); 400 for any other id. */
export async function reportFileTexts(
  db: Db,
  settings: TSettingsService,
  template: number | undefined,
  lang: TLanguage,
): Promise<TReportFileTexts> {
  if (template !== undefined) {
    const [row] = await db
      .select({ kind: documentTemplates.kind })
      .from(documentTemplates)
      .where(eq(documentTemplates.id, template));
    if (row?.kind !== 'report')
      throw badRequest('template: no document template of kind report has this id', 'template');
  }
  const letterhead = await loadLetterhead(db, settings);
  if (template === undefined) return { letterhead, intro: '', closing: '', blocks: [] };
  const texts = await templateTexts(db, 'report', lang, template, { title: '', intro: '', closing: '' });
  return { letterhead, intro: texts.intro, closing: texts.closing, blocks: texts.blocks };
}

const languageOf = (request: FastifyRequest): TLanguage =>
  (request.user?.settings.language ?? requestLanguage(request)) === 'de' ? 'de' : 'en';

const fileName = (answer: TReportAnswer, ext: string) =>
  `${answer.report.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}-${answer.from}-${answer.to}.${ext}`;

/** The rows with their labels as people read them, and the total as the last row. */
export function printedRows(answer: TReportAnswer, lang: TLanguage): TReportRow[] {
  const label = (row: TReportRow) =>
    typeof row.label === 'string' ? labelText(answer.groupBy, row.label, lang) : row.label;
  return [
    ...answer.rows.map((row) => ({ ...row, label: label(row) ?? null })),
    { ...answer.total, label: TOTAL_TEXT[lang] },
  ];
}

/** The table's lines: titles, rows, the total. */
function lines(answer: TReportAnswer, lang: TLanguage) {
  const keys = answer.columns.map((c) => c.key);
  return {
    titles: keys.map((k) => columnTitle(k, lang)),
    rows: printedRows(answer, lang).map((row) => keys.map((k) => row[k] ?? null)),
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

/** Sends a report as the file its query asks for (mode export or template). */
export async function sendReportFile(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TReportAnswer,
  query: TReportFileQuery,
  texts: (lang: TLanguage) => Promise<TReportFileTexts>,
) {
  const lang = languageOf(request);
  const titles: Record<string, { de: string; en: string }> = { ...REPORT_TITLES, ...YEAR_REPORT_TITLES };
  const title = titles[answer.report]?.[lang] ?? answer.report;
  if (query.mode === 'template')
    return sendPdf(
      reply,
      await reportPdf(answer, printedRows(answer, lang), await texts(lang), lang, title),
      fileName(answer, 'pdf'),
    );
  if (query.format === 'xlsx')
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName(answer, 'xlsx')}"`)
      .send(await xlsx(answer, lang, title));
  const { titles: head, rows } = lines(answer, lang);
  return sendCsv(request, reply, [head, ...rows], fileName(answer, 'csv'));
}

/** occupancyPerYear as a report table: a row per period and resort (the resort's name after the period). */
export function occupancyTable(report: TOccupancyReport): TReportAnswer {
  const names = new Map(report.resorts.map((r) => [r.resortId, r.name]));
  const counts = ['occupiedNights', 'capacityNights', 'occupancy', 'paxNights', 'bedNights', 'bedOccupancy'];
  const sales = ['soldNights', 'roomRevenue', 'adr', 'revpar'];
  // Room revenue, ADR and RevPAR come as null to users who may not see money: their columns stay out.
  const figures = report.total.roomRevenue === null ? counts : [...counts, ...sales];
  const kind = (k: string) =>
    k === 'occupancy' || k === 'bedOccupancy'
      ? 'percent'
      : k === 'roomRevenue' || k === 'adr' || k === 'revpar'
        ? 'money'
        : 'count';
  const cells = (r: Record<string, unknown>) => Object.fromEntries(figures.map((k) => [k, r[k] as number]));
  return {
    report: 'occupancyPerYear',
    from: report.from,
    to: report.to,
    groupBy: report.groupBy,
    currency: report.currency,
    states: report.states,
    columns: [{ key: 'label', kind: 'text' }, ...figures.map((key) => ({ key, kind: kind(key) }) as const)],
    rows: report.rows.map((r) => ({
      label: `${r.period} · ${names.get(r.resortId) ?? r.resortId}`,
      ...cells(r),
    })),
    total: cells(report.total),
    unconverted: report.unconverted.map(({ currency, date, amount }) => ({ currency, date, amount })),
  };
}

/** incomeByMonth as a report table: a row per month. */
export function incomeTable(report: TIncomeReport): TReportAnswer {
  return {
    report: 'incomeByMonth',
    from: report.from,
    to: report.to,
    groupBy: 'month',
    currency: report.currency,
    states: report.states,
    columns: [
      { key: 'label', kind: 'text' },
      { key: 'bookings', kind: 'count' },
      { key: 'revenue', kind: 'money' },
    ],
    rows: report.months.map((m) => ({ label: m.month, bookings: m.bookings, revenue: m.revenue })),
    total: report.total,
    unconverted: report.unconverted.map(({ currency, date, amount }) => ({ currency, date, amount })),
  };
}
