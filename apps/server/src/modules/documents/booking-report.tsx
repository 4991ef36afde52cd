import type { TLanguage } from '@atoll/domain/constants';
import { D, formatMoney } from '@atoll/domain/money';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Executor } from '../../db/client.ts';
import { DocumentFrame, renderPdf } from '../../documents/pdf.tsx';
import { formatDocumentDate } from '../../documents/texts.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { bookingNumber, letterheadOf, templateTexts } from './booking-data.ts';
import { createDocumentsRepository } from './documents.repository.ts';

const repository = createDocumentsRepository();

const TEXTS = {
  de: {
    title: 'Buchungsübersicht',
    number: 'Nummer',
    state: 'Status',
    dates: 'Reisezeitraum',
    payer: 'Kunde / Agentur',
    pax: 'Pax',
    total: 'Gesamt',
    paid: 'Bezahlt',
    open: 'Offen',
    count: '{count} Buchungen',
    states: {
      draft: 'Angebot',
      planned: 'Reserviert',
      confirmed: 'Bestätigt',
      resolved: 'Abgeschlossen',
      aborted: 'Storniert',
      rebooked: 'Umgebucht',
      freed: 'Freigegeben',
      splitted: 'Geteilt',
      waiting: 'Warteliste',
      deleted: 'Gelöscht',
    } as Record<string, string>,
  },
  en: {
    title: 'Booking overview',
    number: 'Number',
    state: 'State',
    dates: 'Travel dates',
    payer: 'Customer / agency',
    pax: 'Pax',
    total: 'Total',
    paid: 'Paid',
    open: 'Open',
    count: '{count} bookings',
    states: {
      draft: 'Offer',
      planned: 'Reserved',
      confirmed: 'Confirmed',
      resolved: 'Resolved',
      aborted: 'Cancelled',
      rebooked: 'Rebooked',
      freed: 'Released',
      splitted: 'Split',
      waiting: 'Waitlist',
      deleted: 'Deleted',
    } as Record<string, string>,
  },
} as const;

const styles = StyleSheet.create({
  table: { fontSize: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  bold: { fontWeight: 'bold' },
});

const COLS: [keyof (typeof TEXTS)['de'], number, boolean][] = [
  ['number', 1.3, false],
  ['state', 1.1, false],
  ['dates', 2, false],
  ['payer', 2.6, false],
  ['pax', 0.5, true],
  ['total', 1.3, true],
  ['paid', 1.3, true],
  ['open', 1.3, true],
];

/** `POST /api/bookings/report/{templateId}`: an overview of the chosen bookings the user may see, with sums per currency. */
export async function renderBookingReport(
  ex: Executor,
  user: TSessionUser,
  args: { bookingIds: number[]; templateId: number; language: TLanguage },
): Promise<{ fileName: string; pdf: Buffer }> {
  const lang = args.language;
  const t = TEXTS[lang];
  const texts = await templateTexts(ex, 'report', lang, args.templateId, {
    title: t.title,
    intro: '',
    closing: '',
  });
  const rows = await repository.reportRows(ex, user, args.bookingIds);
  const sums = new Map<
    string,
    { total: InstanceType<typeof D>; paid: InstanceType<typeof D>; open: InstanceType<typeof D> }
  >();
  for (const r of rows) {
    const s = sums.get(r.currency) ?? { total: new D(0), paid: new D(0), open: new D(0) };
    sums.set(r.currency, {
      total: s.total.plus(r.total),
      paid: s.paid.plus(r.paid),
      open: s.open.plus(r.open),
    });
  }
  const money = (v: string, c: string) => formatMoney(v, c, lang);
  const cell = (flex: number, right: boolean) => ({
    flex,
    paddingRight: 3,
    ...(right ? { textAlign: 'right' as const } : {}),
  });
  const element = DocumentFrame({
    company: await letterheadOf(ex),
    lang,
    title: texts.title,
    children: (
      <View style={styles.table}>
        {texts.intro ? <Text style={{ marginBottom: 8, fontSize: 10 }}>{texts.intro}</Text> : null}
        <View style={[styles.row, styles.head]} fixed>
          {COLS.map(([key, flex, right]) => (
            <Text key={key} style={cell(flex, right)}>
              {t[key] as string}
            </Text>
          ))}
        </View>
        {rows.map((r) => (
          <View key={r.id} style={styles.row} wrap={false}>
            <Text style={cell(1.3, false)}>{bookingNumber(r)}</Text>
            <Text style={cell(1.1, false)}>{t.states[r.state] ?? r.state}</Text>
            <Text style={cell(2, false)}>
              {formatDocumentDate(r.from, lang)} – {formatDocumentDate(r.to, lang)}
            </Text>
            <Text style={cell(2.6, false)}>{[r.customer, r.agency].filter(Boolean).join(' / ')}</Text>
            <Text style={cell(0.5, true)}>{String(r.pax)}</Text>
            <Text style={cell(1.3, true)}>{money(r.total, r.currency)}</Text>
            <Text style={cell(1.3, true)}>{money(r.paid, r.currency)}</Text>
            <Text style={cell(1.3, true)}>{money(r.open, r.currency)}</Text>
          </View>
        ))}
        {[...sums.entries()].map(([currency, s]) => (
          <View key={currency} style={[styles.row, styles.bold]} wrap={false}>
            <Text style={cell(7.5, false)}>{t.count.replace('{count}', String(rows.length))}</Text>
            <Text style={cell(1.3, true)}>{money(s.total.toFixed(2), currency)}</Text>
            <Text style={cell(1.3, true)}>{money(s.paid.toFixed(2), currency)}</Text>
            <Text style={cell(1.3, true)}>{money(s.open.toFixed(2), currency)}</Text>
          </View>
        ))}
        {texts.closing ? <Text style={{ marginTop: 8, fontSize: 10 }}>{texts.closing}</Text> : null}
      </View>
    ),
  });
  return {
    fileName: `${lang === 'de' ? 'Buchungsuebersicht' : 'Booking-overview'}.pdf`,
    pdf: await renderPdf(element),
  };
}
