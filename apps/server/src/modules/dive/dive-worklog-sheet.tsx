import type { TLanguage } from '@atoll/domain/constants';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, renderPdf, type TLetterhead } from '../../documents/pdf.tsx';
import { formatCell } from '../../documents/report-pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';

// An employee's month sheet as a PDF (GET /api/worklog/sheet/{employee}?month=YYYY-MM&format=pdf): one line
// per worked day (date, hours, dives, note), then the month's totals; the same rows as the CSV sheet.

export type TWorklogSheetRow = { date: string; hours: string; dives: number; note: string };
export type TWorklogSheet = {
  employee: { name: string; role: string };
  month: string;
  rows: TWorklogSheetRow[];
  hours: string;
  dives: number;
};

const TEXTS = {
  de: {
    title: 'Arbeitszeitnachweis {name}',
    subtitle: '{month} · {role}',
    columns: ['Datum', 'Stunden', 'Tauchgänge', 'Notiz'],
    total: 'Summe',
    none: 'Keine Arbeitstage in diesem Monat.',
    roles: {
      guide: 'Guide',
      instructor: 'Tauchlehrer',
      captain: 'Kapitän',
      crew: 'Crew',
      office: 'Büro',
    } as Record<string, string>,
  },
  en: {
    title: 'Work sheet {name}',
    subtitle: '{month} · {role}',
    columns: ['Date', 'Hours', 'Dives', 'Note'],
    total: 'Total',
    none: 'No worked days in this month.',
    roles: {
      guide: 'Guide',
      instructor: 'Instructor',
      captain: 'Captain',
      crew: 'Crew',
      office: 'Office',
    } as Record<string, string>,
  },
} satisfies Record<TLanguage, unknown>;

const LOCALES: Record<TLanguage, string> = { de: 'de-DE', en: 'en-GB' };
const WIDTHS = [1.4, 1, 1, 3];
const styles = StyleSheet.create({
  table: { fontSize: 9 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  total: { fontWeight: 'bold', borderBottomWidth: 0 },
  cell: { paddingRight: 6 },
  number: { paddingRight: 6, textAlign: 'right' },
});

/** "März 2041" / "March 2041". */
function monthName(month: string, lang: TLanguage) {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, mm - 1, 1)),
  );
}

function Line({ cells, bold }: { cells: string[]; bold?: 'head' | 'total' }) {
  return (
    <View style={[styles.row, ...(bold ? [styles[bold]] : [])]} wrap={false}>
      {cells.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of a static document
        <Text key={i} style={[i === 1 || i === 2 ? styles.number : styles.cell, { flex: WIDTHS[i] ?? 1 }]}>
          {c}
        </Text>
      ))}
    </View>
  );
}

/** The sheet's PDF in the reader's language. */
export function worklogSheetPdf(sheet: TWorklogSheet, company: TLetterhead, lang: TLanguage) {
  const t = TEXTS[lang];
  const hours = (value: string) => formatCell(value, 'money', lang);
  return renderPdf(
    <DocumentFrame
      company={company}
      lang={lang}
      title={fill(t.title, { name: sheet.employee.name })}
      subtitle={fill(t.subtitle, {
        month: monthName(sheet.month, lang),
        role: t.roles[sheet.employee.role] ?? sheet.employee.role,
      })}
    >
      {sheet.rows.length ? (
        <View style={styles.table}>
          <Line cells={t.columns} bold="head" />
          {sheet.rows.map((r, i) => (
            <Line
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a static document
              key={i}
              cells={[formatDocumentDate(r.date, lang), hours(r.hours), String(r.dives), r.note]}
            />
          ))}
          <Line cells={[t.total, hours(sheet.hours), String(sheet.dives), '']} bold="total" />
        </View>
      ) : (
        <Text>{t.none}</Text>
      )}
    </DocumentFrame>,
  );
}
