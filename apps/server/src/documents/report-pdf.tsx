import type { TLanguage } from '@atoll/domain/constants';
import { columnTitle, type TReportAnswer, type TReportColumn } from '@atoll/domain/reports';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, PAGE_MARGIN, renderPdf } from './pdf.tsx';
import type { TReportFileTexts } from './report-file.ts';
import { formatDocumentDate } from './texts.ts';

// A report as a PDF (mode=template): the letterhead, the report's name and period, its table with the total.

const CELL_PADDING = 4;
const styles = StyleSheet.create({
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  total: { fontWeight: 'bold', borderBottomWidth: 0 },
  cell: { flex: 1, paddingRight: CELL_PADDING, textAlign: 'right' },
  text: { fontSize: 10, marginVertical: 6 },
});

/** Beyond this many columns a report prints landscape. */
const PORTRAIT_COLUMNS = 7;
/** A bold character's width in em, on the generous side for the condensed cut's letters and digits. */
const EM_PER_CHAR = 0.53;

/**
 * The page and type of a report's table: landscape beyond 7 columns, and a font (8 pt down to 5.5 pt) at which a
 * title's longest word and the widest figure fit their column, because words are never broken.
 */
export function tableLayout(columns: readonly TReportColumn[], cells: readonly string[][]) {
  const landscape = columns.length > PORTRAIT_COLUMNS;
  const labelFlex = landscape ? 1.5 : 2;
  const width = (landscape ? 842 : 595) - 2 * PAGE_MARGIN; // A4 in points
  const column = width / (labelFlex + columns.length - 1) - CELL_PADDING;
  const longest = Math.max(
    1,
    ...cells.flatMap((row) =>
      row.flatMap((text, i) =>
        columns[i]?.key === 'label' ? [] : text.split(/\s+/).map((word) => word.length),
      ),
    ),
  );
  const fontSize = Math.max(5.5, Math.min(8, Math.floor((column / (longest * EM_PER_CHAR)) * 4) / 4));
  return { orientation: landscape ? ('landscape' as const) : ('portrait' as const), labelFlex, fontSize };
}

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
  const head = columns.map((c) => columnTitle(c.key, lang));
  const body = rows.map((row) => columns.map((c) => formatCell(row[c.key], c.kind, lang)));
  const layout = tableLayout(columns, [head, ...body]);
  const label = { flex: layout.labelFlex, paddingRight: CELL_PADDING };
  const line = (cells: readonly string[], style: TStyle[], key: string) => (
    <View style={[styles.row, ...style]} key={key} wrap={false}>
      {columns.map((c, i) => (
        <Text key={c.key} style={c.key === 'label' ? label : styles.cell}>
          {cells[i]}
        </Text>
      ))}
    </View>
  );
  return renderPdf(
    <DocumentFrame
      company={texts.letterhead}
      lang={lang}
      title={title}
      subtitle={subtitle}
      orientation={layout.orientation}
    >
      {paragraph(texts.intro, 'intro')}
      <View style={{ fontSize: layout.fontSize }}>
        {line(head, [styles.head], 'head')}
        {body.slice(0, -1).map((cells, i) => line(cells, [], `row-${i}`))}
        {line(body.at(-1) ?? [], [styles.total], 'total')}
      </View>
      {texts.blocks.map((block, i) => paragraph(block, `block-${i}`))}
      {paragraph(texts.closing, 'closing')}
    </DocumentFrame>,
  );
}
