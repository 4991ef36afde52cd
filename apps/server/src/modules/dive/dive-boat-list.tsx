import type { TLanguage } from '@atoll/domain/constants';
import type { TDivePlan } from '@atoll/domain/dive/plan';
import type { TReadinessGap } from '@atoll/domain/dive/readiness';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, FieldSection, type TLetterhead } from '../../documents/pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';

// The boat list of a day (POST /api/diveplan/print/boatList): per trip the boat, site, guides and one
// line per diver with tank, mix, rental gear and readiness, for the captain and the dive deck.

export type TBoatListTrip = {
  plan: TDivePlan;
  boat: string | null;
  site: string | null;
  type: string | null;
  guides: string[];
};

const TEXTS = {
  de: {
    title: 'Bootsliste',
    trip: 'Ausfahrt {time}',
    boat: 'Boot',
    site: 'Tauchplatz',
    type: 'Tauchgangsart',
    guides: 'Guides',
    columns: ['Name', 'Brevet', 'Flasche', 'Gemisch', 'Leihausrüstung', 'Bereit'],
    ready: 'bereit',
    divers: '{count} Taucher',
    none: 'Keine Ausfahrten an diesem Tag.',
    gaps: {
      certification: 'Brevet fehlt',
      level: 'Brevet zu niedrig',
      loggedDives: 'zu wenige Tauchgänge',
      medical: 'Medizin fehlt',
      medicalExpired: 'Medizin abgelaufen',
      physician: 'Arzt-Freigabe fehlt',
      insurance: 'Versicherung fehlt',
      nitrox: 'Nitrox-Brevet fehlt',
    },
  },
  en: {
    title: 'Boat list',
    trip: 'Trip {time}',
    boat: 'Boat',
    site: 'Dive site',
    type: 'Dive type',
    guides: 'Guides',
    columns: ['Name', 'Level', 'Tank', 'Mix', 'Rental gear', 'Ready'],
    ready: 'ready',
    divers: '{count} divers',
    none: 'No trips on this day.',
    gaps: {
      certification: 'certification missing',
      level: 'level too low',
      loggedDives: 'too few logged dives',
      medical: 'medical missing',
      medicalExpired: 'medical expired',
      physician: 'physician sign-off missing',
      insurance: 'insurance missing',
      nitrox: 'nitrox card missing',
    },
  },
} satisfies Record<TLanguage, { gaps: Record<TReadinessGap, string> } & Record<string, unknown>>;

const WIDTHS = [2.4, 1.1, 0.7, 0.8, 1.6, 2];
const styles = StyleSheet.create({
  table: { marginTop: 2, marginBottom: 10, fontSize: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  cell: { paddingRight: 4 },
});

function Trip({ trip, lang }: { trip: TBoatListTrip; lang: TLanguage }) {
  const t = TEXTS[lang];
  const { plan } = trip;
  return (
    <View>
      <FieldSection
        title={fill(t.trip, { time: plan.time })}
        rows={[
          [t.boat, trip.boat],
          [t.site, trip.site],
          [t.type, trip.type],
          [t.guides, trip.guides.join(', ')],
        ]}
      />
      <View style={styles.table}>
        <View style={[styles.row, styles.head]}>
          {t.columns.map((c, i) => (
            <Text key={c} style={[styles.cell, { flex: WIDTHS[i] ?? 1 }]}>
              {c}
            </Text>
          ))}
        </View>
        {plan.divers.map((d) => {
          const cells = [
            d.name,
            d.readiness.level ?? '',
            d.tankSize ? `${d.tankSize} l` : '',
            d.airMix ?? '',
            d.rentalGear ?? '',
            d.readiness.ready ? t.ready : d.readiness.missing.map((g) => t.gaps[g]).join(', '),
          ];
          return (
            <View key={`${d.customerId}-${d.dayGuestId}`} style={styles.row} wrap={false}>
              {cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of a static document
                <Text key={i} style={[styles.cell, { flex: WIDTHS[i] ?? 1 }]}>
                  {c}
                </Text>
              ))}
            </View>
          );
        })}
        <Text style={{ marginTop: 3 }}>{fill(t.divers, { count: plan.divers.length })}</Text>
      </View>
    </View>
  );
}

export function BoatList(props: {
  day: string;
  trips: TBoatListTrip[];
  company: TLetterhead;
  lang: TLanguage;
}) {
  const t = TEXTS[props.lang];
  return DocumentFrame({
    company: props.company,
    lang: props.lang,
    title: t.title,
    subtitle: formatDocumentDate(props.day, props.lang),
    children: props.trips.length ? (
      props.trips.map((trip) => <Trip key={trip.plan.id} trip={trip} lang={props.lang} />)
    ) : (
      <Text>{t.none}</Text>
    ),
  });
}
