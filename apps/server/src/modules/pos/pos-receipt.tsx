import type { TLanguage } from '@atoll/domain/constants';
import { formatMoney } from '@atoll/domain/money';
import type { TOnsiteAccount } from '@atoll/domain/onsite';
import type { TPosTab } from '@atoll/domain/onsite/pos';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, PDF_FONT, renderPdf, type TLetterhead } from '../../documents/pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';

// The counter's receipt (docs/domain/onsite.md): A4 in the letterhead frame, or the 80 mm roll of a receipt
// printer (72 mm printable), both languages. Voided items are listed struck through with their reason.

export const RECEIPT_TEXTS = {
  de: {
    title: 'Beleg',
    tab: 'Rechnung {name}',
    total: 'Summe',
    paid: 'Bezahlt',
    open: 'Offen',
    voided: 'storniert',
    cash: 'Bar',
    card: 'Karte',
    room: 'Auf Zimmer gebucht (Buchung {booking})',
    thanks: 'Vielen Dank!',
  },
  en: {
    title: 'Receipt',
    tab: 'Tab {name}',
    total: 'Total',
    paid: 'Paid',
    open: 'Open',
    voided: 'voided',
    cash: 'Cash',
    card: 'Card',
    room: 'Charged to the room (booking {booking})',
    thanks: 'Thank you!',
  },
} as const;

export type TReceipt = {
  company: TLetterhead;
  lang: TLanguage;
  tabs: { tab: TPosTab; account: TOnsiteAccount }[];
};

const MM = 72 / 25.4;
const styles = StyleSheet.create({
  roll: { paddingHorizontal: 4 * MM, paddingVertical: 6 * MM, fontSize: 8, fontFamily: PDF_FONT },
  center: { textAlign: 'center' },
  bold: { fontWeight: 'bold' },
  row: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 1 },
  struck: { textDecoration: 'line-through', color: '#666' },
  rule: { borderBottomWidth: 0.5, borderBottomColor: '#000', marginVertical: 4 },
});

function Lines({ receipt }: { receipt: TReceipt }) {
  const t = RECEIPT_TEXTS[receipt.lang];
  const money = (amount: string, currency: string) => formatMoney(amount, currency, receipt.lang);
  return (
    <View>
      {receipt.tabs.map(({ tab, account }) => (
        <View key={tab.id}>
          <Text style={styles.bold}>{fill(t.tab, { name: tab.name })}</Text>
          {tab.bookingId !== null && <Text>{fill(t.room, { booking: tab.bookingId })}</Text>}
          <View style={styles.rule} />
          {account.items.map((item) => (
            <View key={item.id} style={[styles.row, item.voidedAt ? styles.struck : {}]}>
              <Text>
                {`${item.amount} × ${item.text}`}
                {item.voidedAt ? ` (${t.voided}: ${item.voidReason ?? ''})` : ''}
              </Text>
              <Text>{money(item.total, item.currency)}</Text>
            </View>
          ))}
          <View style={styles.rule} />
          <View style={[styles.row, styles.bold]}>
            <Text>{t.total}</Text>
            <Text>{money(account.total, account.currency)}</Text>
          </View>
          {account.payments.map((p) => (
            <View key={p.id} style={styles.row}>
              <Text>{p.method === 'card' ? t.card : t.cash}</Text>
              <Text>{money(p.amount, p.currency)}</Text>
            </View>
          ))}
          <View style={styles.row}>
            <Text>{t.paid}</Text>
            <Text>{money(account.paid, account.currency)}</Text>
          </View>
          <View style={[styles.row, styles.bold]}>
            <Text>{t.open}</Text>
            <Text>{money(account.open, account.currency)}</Text>
          </View>
          <View style={styles.rule} />
        </View>
      ))}
    </View>
  );
}

/** The receipt as a PDF: `a4` in the letterhead frame, `receipt` on an 80 mm roll as long as it needs. */
export function renderReceipt(receipt: TReceipt, format: 'a4' | 'receipt'): Promise<Buffer> {
  const t = RECEIPT_TEXTS[receipt.lang];
  if (format === 'a4')
    return renderPdf(
      <DocumentFrame company={receipt.company} lang={receipt.lang} title={t.title}>
        <Lines receipt={receipt} />
      </DocumentFrame>,
    );
  const rows = receipt.tabs.reduce((n, x) => n + x.account.items.length + x.account.payments.length + 9, 8);
  return renderPdf(
    <Document title={t.title} author={receipt.company.name} creator="Atoll" language={receipt.lang}>
      <Page size={[80 * MM, 40 * MM + rows * 12]} style={styles.roll}>
        <Text style={[styles.center, styles.bold]}>{receipt.company.name}</Text>
        <Text style={styles.center}>{formatDocumentDate(new Date(), receipt.lang)}</Text>
        <View style={styles.rule} />
        <Lines receipt={receipt} />
        <Text style={styles.center}>{t.thanks}</Text>
      </Page>
    </Document>,
  );
}
