import type { TLanguage } from '@atoll/domain/constants';
import type { TManifestRow, TVesselList, TVesselListColumn } from '@atoll/domain/inventory/vessels';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { cloneElement, type ReactElement } from 'react';
import { DocumentFrame, FieldSection, type TLetterhead } from '../../documents/pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';
import { MANIFEST_TEXTS } from './vessel-manifest.texts.ts';

export type TManifestDeparture = {
  vessel: string;
  tour: string;
  from: string;
  to: string;
  status: string;
  embarkPort: string | null;
  disembarkPort: string | null;
};

export type TManifestPrint = {
  list: TVesselList;
  departure: TManifestDeparture;
  rows: TManifestRow[];
  company: TLetterhead;
  lang: TLanguage;
};

/** Relative column widths: names and e-mails need room, flags and ages little. */
const WIDTHS: Record<TVesselListColumn, number> = {
  cabin: 1.2,
  bed: 0.7,
  name: 2.4,
  firstName: 1.6,
  lastName: 1.6,
  gender: 0.6,
  birthday: 1.2,
  age: 0.6,
  nationality: 1,
  passportNo: 1.4,
  passportNationality: 1,
  passportExpiry: 1.3,
  email: 2.4,
  phone: 1.5,
  bookingId: 0.9,
  state: 1.1,
};

const styles = StyleSheet.create({
  table: { marginTop: 4, fontSize: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  cell: { paddingRight: 4 },
  free: { color: '#777', fontStyle: 'italic' },
  total: { marginTop: 8, fontWeight: 'bold' },
});

/** Departure and document dates of a manifest read DD.MM.YYYY in both languages (spec platform §9). */
const day = (iso: string | undefined) => formatDocumentDate(iso, 'de');

function cellText(column: TVesselListColumn, row: TManifestRow, lang: TLanguage): string {
  const t = MANIFEST_TEXTS[lang];
  const value = row.values[column] ?? '';
  switch (column) {
    case 'birthday':
    case 'passportExpiry':
      return day(value);
    case 'gender':
      return t.genders[value as keyof typeof t.genders] ?? value;
    case 'state':
      return t.states[value as keyof typeof t.states] ?? value;
    default:
      return value;
  }
}

/** A free berth says so in its first column that is not the cabin or the berth itself. */
const freeColumn = (columns: TVesselListColumn[]) => columns.find((c) => c !== 'cabin' && c !== 'bed');

function ManifestTable({ list, rows, lang }: Pick<TManifestPrint, 'list' | 'rows' | 'lang'>) {
  const t = MANIFEST_TEXTS[lang];
  const columns = list.columns;
  const marker = freeColumn(columns);
  const cell = (column: TVesselListColumn) => [styles.cell, { flex: WIDTHS[column] }];
  return (
    <View style={styles.table}>
      <View style={[styles.row, styles.head]} fixed>
        {columns.map((column) => (
          <Text key={column} style={cell(column)}>
            {t.columns[column]}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => (
        // Rows have no identity of their own: a cabin may list the same berth only once, but free rows repeat.
        // biome-ignore lint/suspicious/noArrayIndexKey: static document, never re-rendered
        <View key={i} style={[styles.row, ...(row.isFree ? [styles.free] : [])]} wrap={false}>
          {columns.map((column) => (
            <Text key={column} style={cell(column)}>
              {row.isFree && column === marker ? t.free : cellText(column, row, lang)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

function ManifestBody({ list, departure, rows, lang }: Omit<TManifestPrint, 'company'>) {
  const t = MANIFEST_TEXTS[lang];
  const persons = rows.filter((r) => !r.isFree).length;
  const free = rows.length - persons;
  return (
    <>
      <FieldSection
        title={t.departure}
        rows={[
          [t.vessel, departure.vessel],
          [t.tour, departure.tour],
          [t.dates, `${day(departure.from)} – ${day(departure.to)}`],
          [t.embark, departure.embarkPort],
          [t.disembark, departure.disembarkPort],
          [
            t.status,
            departure.status === 'open' ? null : (t.statuses[departure.status as 'open'] ?? departure.status),
          ],
        ]}
      />
      {rows.length === 0 ? <Text>{t.nobody}</Text> : <ManifestTable list={list} rows={rows} lang={lang} />}
      <Text style={styles.total}>{fill(t.persons, { count: persons })}</Text>
      {list.kind === 'cabins' && <Text>{fill(t.freeBerths, { count: free })}</Text>}
    </>
  );
}

/**
 * Turns the frame's page sideways. DocumentFrame has no orientation of its own yet, so its one page is
 * cloned with react-pdf's `orientation`; everything else (letterhead, footer, metadata) stays the frame's.
 */
function landscape(frame: ReactElement<{ children: ReactElement }>): ReactElement {
  return cloneElement(frame, {}, cloneElement(frame.props.children, { orientation: 'landscape' } as object));
}

/** A vessel list for one departure: header with the departure, one line per person, the total. */
export function VesselManifest(props: TManifestPrint) {
  const { company, lang, list, departure } = props;
  const frame = DocumentFrame({
    company,
    lang,
    title: list.name,
    subtitle: `${departure.vessel} · ${departure.tour} · ${day(departure.from)} – ${day(departure.to)}`,
    children: <ManifestBody {...props} />,
  }) as ReactElement<{ children: ReactElement }>;
  return list.landscape ? landscape(frame) : frame;
}
