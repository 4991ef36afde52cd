import type { TLanguage } from '@atoll/domain/constants';
import { columnTitle, type TReportAnswer, type TReportColumn } from '@atoll/domain/reports';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, renderPdf } from './pdf.tsx';
import type { TReportFileTexts } from './report-file.ts';
import { formatDocumentDate } from './texts.ts';

// A report as a PDF (mode=template): the letterhead, the report's name and period, its table with the total.

const styles = StyleSheet.create({
  table: { fontSize: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  total: { fontWeight: 'bold', borderBottomWidth: 0 },
  cell: { flex: 1, paddingRight: 4, textAlign: 'right' },
  label: { flex: 2, paddingRight: 4 },
  text: { fontSize: 10, marginVertical: 6 },
});

type TStyle = (typeof styles)[keyof typeof styles];
const LOCALES: Record<TLanguage, string> = { de: 'de-DE', en: 'en-GB' };

export function formatCell(
  value: string | number | null | undefined,
  kind: TReportColumn['kind'],
  lang: TLanguage,
) {
  if (value === null || value === undefined || value === '') return '–';
  if (kind === 'text') return String(value);
  const digits =
    kind === 'count' ? { maximumFractionDigits: 3 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const text = new Intl.NumberFormat(LOCALES[lang], digits).format(Number(value));
  return kind === 'percent' ? `${text} %` : text;
}

export const TOTAL_TEXT: Record<TLanguage, string> = { de: 'Summe', en: 'Total' };
const PERIOD_TEXT: Record<TLanguage, string> = { de: 'Zeitraum', en: 'Period' };
const CURRENCY_TEXT: Record<TLanguage, string> = { de: 'Beträge in', en: 'Amounts in' };

/** The PDF of a report: the rows as printed (printedRows: labels translated, the total last). */
export function reportPdf(
  answer: TReportAnswer,
  rows: readonly Record<string, string | number | null>[],
  texts: TReportFileTexts,
  lang: TLanguage,
  title: string,
) {
  const { columns } = answer;
  const last = new Date(Date.parse(answer.to) - 86_400_000).toISOString().slice(0, 10);
  const subtitle =
    `${PERIOD_TEXT[lang]} ${formatDocumentDate(answer.from, lang)} – ${formatDocumentDate(last, lang)}` +
    (answer.currency ? ` · ${CURRENCY_TEXT[lang]} ${answer.currency}` : '');
  const paragraph = (text: string, key: string) =>
    text ? (
      <Text key={key} style={styles.text}>
        {text}
      </Text>
    ) : null;
  // The head prints the columns' titles as they are; the rows format each cell by its column's kind.
  const line = (cell: (c: TReportColumn) => string, style: TStyle[], key: string) => (
    <View style={[styles.row, ...style]} key={key} wrap={false}>
      {columns.map((c) => (
        <Text key={c.key} style={c.key === 'label' ? styles.label : styles.cell}>
          {cell(c)}
        </Text>
      ))}
    </View>
  );
  const cells = (row: Record<string, string | number | null>) => (c: TReportColumn) =>
    formatCell(row[c.key], c.kind, lang);
  const body = rows.slice(0, -1);
  const total = rows[rows.length - 1] ?? {};
  return renderPdf(
    <DocumentFrame company={texts.letterhead} lang={lang} title={title} subtitle={subtitle}>
      {paragraph(texts.intro, 'intro')}
      <View style={styles.table}>
        {line((c) => columnTitle(c.key, lang), [styles.head], 'head')}
        {body.map((row, i) => line(cells(row), [], `row-${i}`))}
        {line(cells(total), [styles.total], 'total')}
      </View>
      {texts.blocks.map((block, i) => paragraph(block, `block-${i}`))}
      {paragraph(texts.closing, 'closing')}
    </DocumentFrame>,
  );
}
