import type { TLanguage } from '@atoll/domain/constants';
import type { TDeparture } from '@atoll/domain/inventory/tours';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, type TLetterhead } from '../../documents/pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';
import { DEPARTURES_PRINT_TEXTS } from './departures-print.texts.ts';

export type TDeparturesPrint = {
  departures: TDeparture[];
  range: { from: string; to: string };
  vesselName: string | null;
  company: TLetterhead;
  lang: TLanguage;
};

const styles = StyleSheet.create({
  row: {
    flexDirection: 'row',
    paddingVertical: 2,
    fontSize: 9,
    borderBottomWidth: 0.25,
    borderBottomColor: '#ccc',
  },
  head: { fontWeight: 'bold', borderBottomWidth: 0.5, borderBottomColor: '#999' },
  date: { width: '21%' },
  tour: { width: '20%' },
  vessel: { width: '15%' },
  nights: { width: '7%', textAlign: 'right' },
  status: { width: '11%', paddingLeft: 6 },
  free: { width: '13%', textAlign: 'right' },
});

/** A capacity figure; empty for cancelled departures, which sell nothing. */
const figure = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The departure list: one row per departure with its free cabins and berths. */
export function DeparturesDocument({ departures, range, vesselName, company, lang }: TDeparturesPrint) {
  const t = DEPARTURES_PRINT_TEXTS[lang];
  const date = (d: string) => formatDocumentDate(d, lang);
  const period = fill(t.period, { from: date(range.from), to: date(range.to) });
  return (
    <DocumentFrame
      company={company}
      lang={lang}
      title={t.title}
      subtitle={vesselName ? `${period} · ${t.vessel}: ${vesselName}` : period}
    >
      <View style={[styles.row, styles.head]}>
        <Text style={styles.date}>{t.date}</Text>
        <Text style={styles.tour}>{t.tour}</Text>
        <Text style={styles.vessel}>{t.vessel}</Text>
        <Text style={styles.nights}>{t.nights}</Text>
        <Text style={styles.status}>{t.status}</Text>
        <Text style={styles.free}>{t.freeCabins}</Text>
        <Text style={styles.free}>{t.freeBerths}</Text>
      </View>
      {departures.length === 0 && <Text>{t.none}</Text>}
      {departures.map((d) => (
        <View style={styles.row} key={d.id} wrap={false}>
          <Text style={styles.date}>{`${date(d.from)} – ${date(d.to)}`}</Text>
          <Text style={styles.tour}>{d.tourName}</Text>
          <Text style={styles.vessel}>{d.vesselName}</Text>
          <Text style={styles.nights}>{String(d.nights)}</Text>
          <Text style={styles.status}>{t.statuses[d.status]}</Text>
          <Text style={styles.free}>{figure(d.freeCabins)}</Text>
          <Text style={styles.free}>{figure(d.freeBerths)}</Text>
        </View>
      ))}
    </DocumentFrame>
  );
}
