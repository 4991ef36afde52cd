import { columnTitle, type TReportAnswer, type TReportRow } from '@atoll/domain/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { requestLanguage } from '../../http/request.ts';

/** A report as a file (mode=export): a CSV with the column titles in the user's language, the total last. */
export function sendReportFile(request: FastifyRequest, reply: FastifyReply, answer: TReportAnswer) {
  const language = (request.user?.settings.language ?? requestLanguage(request)) === 'de' ? 'de' : 'en';
  const keys = answer.columns.map((c) => c.key);
  const total: TReportRow = { ...answer.total, label: language === 'de' ? 'Summe' : 'Total' };
  const rows = [
    keys.map((k) => columnTitle(k, language)),
    ...[...answer.rows, total].map((row) => keys.map((k) => row[k] ?? null)),
  ];
  const name = answer.report.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '');
  return sendCsv(request, reply, rows, `${name}-${answer.from}-${answer.to}.csv`);
}
