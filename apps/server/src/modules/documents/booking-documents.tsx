import type { TLanguage } from '@atoll/domain/constants';
import type { TDocumentKind, TInvoiceLine, TTaxBreakdownRow } from '@atoll/domain/documents';
import { D, formatMoney } from '@atoll/domain/money';
import type { TLineCustomerType, TLineType } from '@atoll/domain/pricing/entities';
import { printedKind } from '@atoll/domain/pricing/totals';
import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { cloneElement, type ReactElement } from 'react';
import type { Executor } from '../../db/client.ts';
import { DocumentFrame, FieldSection, renderPdf, type TLetterhead } from '../../documents/pdf.tsx';
import { countryLine, fill, formatDocumentDate } from '../../documents/texts.ts';
import { notFound } from '../../http/errors.ts';
import {
  loadBookingDocData,
  type TBookingDocData,
  type TDocLine,
  type TTemplateTexts,
  templateTexts,
} from './booking-data.ts';
import {
  BOOKING_DOCUMENT_TEXTS,
  DEFAULT_TEMPLATE_TEXTS,
  type TBookingDocumentTexts,
} from './booking-documents.texts.ts';
import { createDocumentsRepository, type TInvoiceRow } from './documents.repository.ts';
import { loadInvoiceContext } from './invoice-context.ts';

export type { TDocumentKind } from '@atoll/domain/documents';

const repository = createDocumentsRepository();

const styles = StyleSheet.create({
  text: { marginBottom: 10, lineHeight: 1.35 },
  table: { marginBottom: 12, fontSize: 9 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 2.5 },
  head: { fontWeight: 'bold', borderBottomWidth: 0.75, borderBottomColor: '#000' },
  strong: { fontWeight: 'bold' },
  muted: { color: '#666' },
  right: { textAlign: 'right' },
  sumRow: { flexDirection: 'row', justifyContent: 'flex-end', paddingVertical: 1.5 },
  sumLabel: { width: 200, textAlign: 'right', paddingRight: 8 },
  sumValue: { width: 90, textAlign: 'right' },
  address: { marginBottom: 14 },
  qr: { width: 90, height: 90 },
  qrRow: { flexDirection: 'row', alignItems: 'center', marginTop: 8 },
});

const day = (value: string | Date | null | undefined, lang: TLanguage) => formatDocumentDate(value, lang);
const money = (amount: string, currency: string, lang: TLanguage) => formatMoney(amount, currency, lang);
const qty = (amount: string, lang: TLanguage) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 3 }).format(
    new D(amount).toFixed() as Intl.StringNumericLiteral,
  );
const rateText = (rate: string, lang: TLanguage) =>
  `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB').format(new D(rate).toFixed() as Intl.StringNumericLiteral)} %`;

/** A section's heading, kept on the page of what follows it (its table's head and first rows). */
function Heading({ children }: { children: string }) {
  return (
    <Text style={[styles.strong, { marginBottom: 4 }]} minPresenceAhead={48}>
      {children}
    </Text>
  );
}

type TCol = { label: string; flex: number; right?: boolean };

function Table({
  cols,
  rows,
}: {
  cols: TCol[];
  rows: (string | { text: string; bold?: boolean; muted?: boolean })[][];
}) {
  const cell = (c: TCol) => [{ flex: c.flex, paddingRight: 4 }, ...(c.right ? [styles.right] : [])];
  return (
    <View style={styles.table}>
      <View style={[styles.row, styles.head]} fixed>
        {cols.map((c, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a label (VAT); static document
          <Text key={`${j}:${c.label}`} style={cell(c)}>
            {c.label}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static document, never re-rendered
        <View key={i} style={styles.row} wrap={false}>
          {row.map((value, j) => {
            const c = cols[j] as TCol;
            const v = typeof value === 'string' ? { text: value } : value;
            return (
              <Text
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a label (VAT); static document
                key={`${j}:${c.label}`}
                style={[...cell(c), ...(v.bold ? [styles.strong] : []), ...(v.muted ? [styles.muted] : [])]}
              >
                {v.text}
              </Text>
            );
          })}
        </View>
      ))}
    </View>
  );
}

function SumRows({ rows }: { rows: [string, string, boolean?][] }) {
  return (
    <View style={{ marginBottom: 12 }} wrap={false}>
      {rows.map(([label, value, bold]) => (
        <View key={label} style={styles.sumRow}>
          <Text style={[styles.sumLabel, ...(bold ? [styles.strong] : [])]}>{label}</Text>
          <Text style={[styles.sumValue, ...(bold ? [styles.strong] : [])]}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

function AddressBlock({
  party,
  home,
  lang,
}: {
  party: { name: string; address: Record<string, string | undefined> } | null;
  /** The sender's country: a recipient there gets no country line. */
  home: string | undefined;
  lang: TLanguage;
}) {
  if (!party) return null;
  const a = party.address;
  const country = countryLine(a.country, home, lang);
  return (
    <View style={styles.address}>
      <Text style={styles.strong}>{party.name}</Text>
      {a.street ? <Text>{a.street}</Text> : null}
      {a.zip || a.city ? <Text>{[a.zip, a.city].filter(Boolean).join(' ')}</Text> : null}
      {country ? <Text>{country}</Text> : null}
    </View>
  );
}

function Paragraphs({ texts }: { texts: string[] }) {
  return (
    <>
      {texts
        .filter((t) => t.trim() !== '')
        .map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static document
          <Text key={i} style={styles.text}>
            {t}
          </Text>
        ))}
    </>
  );
}

function lineNote(line: TDocLine, t: TBookingDocumentTexts): string {
  if (line.type === 'external' && !line.collect) return t.thirdParty;
  const type = line.customerType;
  if (type === 'ForFree') return t.forFree;
  if (type === 'Info') return t.info;
  if (type === 'OnSite') return t.onSite;
  if (type === 'Direct') return t.direct;
  return '';
}

/** Offer, reservation and confirmation: the lines as the customer sees them, totals, deposit and rest, payments. */
function PricedBody({ data, t }: { data: TBookingDocData; t: TBookingDocumentTexts }) {
  const { lang, booking } = data;
  const cur = booking.currency;
  const kind = (l: TDocLine) =>
    printedKind({
      type: l.type as TLineType,
      customerType: l.customerType as TLineCustomerType,
      customData: { collect: l.collect === true },
    });
  // An option is not billed until chosen: listed apart, so the lines above the total add up to it; a line
  // the total does not count is muted with its reason (free of charge, information, paid to a third party).
  const lines = data.lines.filter((l) => kind(l) === 'charged' || kind(l) === 'info');
  const options = data.lines.filter((l) => kind(l) === 'option');
  const terms = data.lines.filter((l) => kind(l) === 'terms');
  const totals = (booking.totals ?? {}) as { onSite?: string; dueBeforeTravel?: string };
  const row = (l: TDocLine) => {
    const note = lineNote(l, t);
    const text = note && !l.text.includes(`(${note})`) ? `${l.text} (${note})` : l.text;
    if (l.type === 'text') return [{ text, bold: true }, '', '', ''];
    const muted = kind(l) === 'info' && l.type !== 'tour';
    return [
      { text, muted },
      { text: qty(l.amount, lang), muted },
      { text: money(l.price, cur, lang), muted },
      { text: money(l.total, cur, lang), muted },
    ];
  };
  const rows = lines.map(row);
  const priceCols: TCol[] = [
    { label: t.text, flex: 5 },
    { label: t.qty, flex: 0.8, right: true },
    { label: t.unitPrice, flex: 1.5, right: true },
    { label: t.lineTotal, flex: 1.5, right: true },
  ];
  const sums: [string, string, boolean?][] = [[t.total, money(booking.total, cur, lang), true]];
  if (totals.onSite && !new D(totals.onSite).isZero()) {
    sums.push([t.totalOnSite, money(totals.onSite, cur, lang)]);
    if (totals.dueBeforeTravel) sums.push([t.dueBeforeTravel, money(totals.dueBeforeTravel, cur, lang)]);
  }
  for (const l of terms) {
    sums.push([
      // An agency booking has the agency's deposit and rest and the guest's own (Direct), often on one day.
      `${l.type === 'deposit' ? t.deposit : t.rest}${l.customerType === 'Direct' ? ` (${t.direct})` : ''}${l.dueDate ? `, ${fill(t.dueOn, { date: day(l.dueDate, lang) })}` : ''}`,
      money(l.total, cur, lang),
    ]);
  }
  if (!new D(booking.paid).isZero() || booking.state === 'confirmed') {
    sums.push([t.paid, money(booking.paid, cur, lang)]);
    sums.push([t.open, money(booking.openAmount, cur, lang), true]);
  }
  return (
    <>
      <Heading>{t.lines}</Heading>
      {rows.length === 0 ? (
        <Text style={styles.text}>{t.noLines}</Text>
      ) : (
        <Table cols={priceCols} rows={rows} />
      )}
      <SumRows rows={sums} />
      {options.length > 0 && (
        <>
          <Heading>{t.optional}</Heading>
          <Table cols={priceCols} rows={options.map(row)} />
        </>
      )}
      {data.payments.length > 0 && (
        <Table
          cols={[
            { label: t.payments, flex: 5 },
            { label: t.lineTotal, flex: 1.5, right: true },
          ]}
          rows={data.payments.map((p) => [day(p.date, lang), money(p.amount, p.currency, lang)])}
        />
      )}
    </>
  );
}

function RoomsTable({ data, t }: { data: TBookingDocData; t: TBookingDocumentTexts }) {
  if (data.rooms.length === 0) return null;
  return (
    <Table
      cols={[
        { label: t.room, flex: 3 },
        { label: t.travelDates, flex: 3 },
        { label: t.guests, flex: 1, right: true },
      ]}
      rows={data.rooms.map((r) => [
        [r.room, r.roomType].filter(Boolean).join(' · '),
        `${day(r.from, data.lang)} – ${day(r.to, data.lang)}`,
        String(r.guests),
      ])}
    />
  );
}

function GuestsTable({ data, t, full }: { data: TBookingDocData; t: TBookingDocumentTexts; full: boolean }) {
  if (data.guests.length === 0) return null;
  const cols: TCol[] = [
    { label: t.name, flex: 3 },
    { label: t.room, flex: 2 },
    { label: t.gender, flex: 1.2 },
    { label: t.age, flex: 0.7, right: true },
    ...(full
      ? [
          { label: t.nationality, flex: 1 },
          { label: t.email, flex: 3 },
          { label: t.phone, flex: 2 },
        ]
      : []),
  ];
  return (
    <Table
      cols={cols}
      rows={data.guests.map((g) => [
        g.name,
        g.room,
        t.genders[g.gender] ?? '',
        g.age == null ? '' : String(g.age),
        ...(full ? [g.nationality ?? '', g.email ?? '', g.phone ?? ''] : []),
      ])}
    />
  );
}

/** Voucher: guests, rooms, dates and services, no prices. */
function VoucherBody({ data, t }: { data: TBookingDocData; t: TBookingDocumentTexts }) {
  const services = data.lines.filter(
    (l) =>
      !['deposit', 'rest', 'payment', 'discount', 'special', 'text'].includes(l.type) &&
      l.customerType !== 'Info',
  );
  return (
    <>
      <Heading>{t.guests}</Heading>
      <GuestsTable data={data} t={t} full={false} />
      <Heading>{t.rooms}</Heading>
      <RoomsTable data={data} t={t} />
      {services.length > 0 && (
        <>
          <Heading>{t.services}</Heading>
          <Table
            cols={[
              { label: t.qty, flex: 0.8, right: true },
              { label: t.text, flex: 8 },
            ]}
            rows={services.map((l) => [qty(l.amount, data.lang), l.text])}
          />
        </>
      )}
    </>
  );
}

export function BookingDocumentView({
  data,
  kind,
  texts,
}: {
  data: TBookingDocData;
  kind: Exclude<TDocumentKind, 'invoice'>;
  texts: TTemplateTexts;
}): ReactElement<{ children: ReactElement }> {
  const { lang, booking } = data;
  const t = BOOKING_DOCUMENT_TEXTS[lang];
  // Addressed like the invoice: the agency, else the customer, else the lead guest by name.
  const lead = data.guests[0];
  const payer =
    (booking.agencyId ? data.agency : data.customer) ?? (lead ? { name: lead.name, address: {} } : null);
  return DocumentFrame({
    company: data.company,
    lang,
    title: `${texts.title} ${data.number}`,
    subtitle: `${t.date}: ${day(new Date(), lang)}`,
    children: (
      <>
        {kind !== 'guestlist' && (
          <AddressBlock party={payer} home={data.company.address.country} lang={lang} />
        )}
        <FieldSection
          title={t.tripDetails}
          rows={[
            [t.bookingNo, data.number],
            [t.destination, [data.place, data.tour].filter(Boolean).join(' · ')],
            [t.travelDates, `${day(booking.from, lang)} – ${day(booking.to, lang)}`],
            [t.guests, fill(t.guestCount, { count: booking.noOfPax })],
            [t.customer, data.customer?.name],
            [t.agency, data.agency?.name],
            [t.optionExpiry, kind === 'reservation' ? day(booking.optionExpiry, lang) : null],
          ]}
        />
        <Paragraphs texts={[texts.intro]} />
        {kind === 'voucher' ? (
          <VoucherBody data={data} t={t} />
        ) : kind === 'guestlist' ? (
          <GuestsTable data={data} t={t} full />
        ) : (
          <>
            <Heading>{t.rooms}</Heading>
            <RoomsTable data={data} t={t} />
            <PricedBody data={data} t={t} />
          </>
        )}
        <Paragraphs texts={[texts.closing, ...texts.blocks]} />
      </>
    ),
  }) as ReactElement<{ children: ReactElement }>;
}

/** A file name part: letters of any script and digits stay ("Buchungsbestätigung"), the rest becomes _. */
const safeName = (text: string) => text.replace(/[^\p{L}\p{N}.-]+/gu, '_');

/**
 * A booking's document as PDF in the booking's language (or `language`): offer, reservation, confirmation,
 * voucher, guest list; `invoice` renders the booking's latest issued invoice (404 when none was issued).
 * The mail helper attaches these: keep the signature stable.
 */
export async function renderBookingDocument(
  ex: Executor,
  args: { bookingId: number; kind: TDocumentKind; templateId?: number; language?: 'de' | 'en' },
): Promise<{ fileName: string; pdf: Buffer }> {
  if (args.kind === 'invoice') {
    const latest = await repository.latestInvoiceId(ex, args.bookingId);
    if (latest === undefined) throw notFound('Invoice');
    return renderInvoicePdf(ex, latest, { templateId: args.templateId, language: args.language });
  }
  const { element, data } = await bookingDocumentElement(ex, { ...args, kind: args.kind });
  const pdf = await renderPdf(element);
  const label = BOOKING_DOCUMENT_TEXTS[data.lang].titles[args.kind];
  return { fileName: `${safeName(label)}-${safeName(data.number)}.pdf`, pdf };
}

type TCustomTexts = Partial<
  Record<TLanguage, { title?: string | undefined; intro?: string | undefined; closing?: string | undefined }>
>;

/** The document of one booking as a react-pdf <Document> (one page run), with texts from the template or `custom`. */
export async function bookingDocumentElement(
  ex: Executor,
  args: {
    bookingId: number;
    kind: Exclude<TDocumentKind, 'invoice'>;
    templateId?: number | undefined;
    language?: TLanguage | undefined;
    custom?: TCustomTexts | undefined;
  },
) {
  const data = await loadBookingDocData(ex, args.bookingId, args.language);
  const stored = await templateTexts(
    ex,
    args.kind,
    data.lang,
    args.templateId,
    DEFAULT_TEMPLATE_TEXTS[args.kind][data.lang],
  );
  const custom = args.custom?.[data.lang];
  const texts = custom
    ? {
        ...stored,
        ...(custom.title ? { title: custom.title } : {}),
        ...(custom.intro !== undefined ? { intro: custom.intro } : {}),
        ...(custom.closing !== undefined ? { closing: custom.closing } : {}),
      }
    : stored;
  return { element: BookingDocumentView({ data, kind: args.kind, texts }), data };
}

/** Several bookings' documents in one PDF: each booking's pages one after the other. */
export async function renderBookingDocuments(
  ex: Executor,
  args: {
    bookingIds: number[];
    kind: Exclude<TDocumentKind, 'invoice'>;
    templateId?: number | undefined;
    language?: TLanguage | undefined;
    custom?: TCustomTexts | undefined;
  },
): Promise<{ fileName: string; pdf: Buffer }> {
  const elements: ReactElement<{ children: ReactElement }>[] = [];
  let first: TBookingDocData | undefined;
  for (const bookingId of args.bookingIds) {
    const { element, data } = await bookingDocumentElement(ex, { ...args, bookingId });
    first ??= data;
    elements.push(element);
  }
  const [head] = elements;
  if (!head || !first) throw notFound('Booking');
  const merged = cloneElement(
    head,
    {},
    ...elements.map((e, i) => cloneElement(e.props.children, { key: String(i) })),
  );
  const label = BOOKING_DOCUMENT_TEXTS[first.lang].titles[args.kind];
  const name = args.bookingIds.length === 1 ? first.number : `${args.bookingIds.length}`;
  return { fileName: `${safeName(label)}-${safeName(name)}.pdf`, pdf: await renderPdf(merged) };
}

// ─── Invoices ──────────────────────────────────────────────────────────────────────────────────

export type { TInvoiceRow };

type TRecipient = {
  name?: string;
  address?: Record<string, string | undefined>;
  vatId?: string;
};

function InvoiceView(props: {
  invoice: TInvoiceRow;
  company: TLetterhead;
  texts: TTemplateTexts;
  bookingNo: string;
  period: { from: string; to: string };
  cancels: { number: string; date: string } | null;
  open: { paid: string; open: string; onSite: string } | null;
  qr: Buffer | null;
}) {
  const { invoice, company, texts } = props;
  const lang: TLanguage = invoice.language === 'en' ? 'en' : 'de';
  const t = BOOKING_DOCUMENT_TEXTS[lang];
  const cur = invoice.currency;
  const lines = invoice.lines as TInvoiceLine[];
  const breakdown = invoice.taxBreakdown as TTaxBreakdownRow[];
  const recipient = invoice.recipient as TRecipient;
  const title =
    invoice.kind === 'cancellation'
      ? t.titles.cancellation
      : invoice.kind === 'split'
        ? t.titles.split
        : texts.title;
  const sums: [string, string, boolean?][] = [
    [t.net, money(invoice.net, cur, lang)],
    [t.tax, money(invoice.tax, cur, lang)],
    [t.total, money(invoice.gross, cur, lang), true],
  ];
  if (props.open) {
    sums.push([t.paid, money(props.open.paid, cur, lang)]);
    sums.push([t.open, money(props.open.open, cur, lang), true]);
  }
  const isCancellation = invoice.kind === 'cancellation';
  // The part of the total the guest pays at the resort or on board: why total and open amount differ.
  const onSite = props.open && new D(props.open.onSite).greaterThan(0) ? props.open.onSite : null;
  const closing = isCancellation ? [t.cancellationClosing] : [texts.closing, ...texts.blocks];
  // §14 (4) no. 8 UStG: an invoice charging no VAT on some services says why (the company's reason).
  const reason = company.vatExemption[lang]?.trim();
  const exemption = breakdown.some((r) => new D(r.rate).isZero())
    ? reason
      ? fill(t.exemption, { reason })
      : t.noTaxNote
    : null;
  return (
    <DocumentFrame
      company={company}
      lang={lang}
      title={`${title} ${invoice.number}`}
      subtitle={`${t.invoiceDate}: ${day(invoice.date, lang)}`}
    >
      <AddressBlock
        party={{ name: recipient.name ?? '', address: recipient.address ?? {} }}
        home={company.address.country}
        lang={lang}
      />
      <FieldSection
        title={t.invoiceDetails}
        rows={[
          [t.invoiceNo, invoice.number],
          [t.invoiceDate, day(invoice.date, lang)],
          [t.servicePeriod, `${day(props.period.from, lang)} – ${day(props.period.to, lang)}`],
          [t.bookingNo, props.bookingNo],
          [t.vatIdRecipient, recipient.vatId],
          [company.taxIds.vatId ? DOCUMENT_VAT_LABEL[lang] : '', company.taxIds.vatId],
          [company.taxIds.taxNumber ? DOCUMENT_TAXNO_LABEL[lang] : '', company.taxIds.taxNumber],
        ]}
      />
      {props.cancels && (
        <Text style={[styles.text, styles.strong]}>
          {fill(t.cancels, { number: props.cancels.number, date: day(props.cancels.date, lang) })}
        </Text>
      )}
      <Paragraphs texts={[texts.intro]} />
      <Table
        cols={[
          { label: t.text, flex: 5 },
          { label: t.qty, flex: 0.8, right: true },
          { label: t.unitPrice, flex: 1.5, right: true },
          { label: t.taxRate, flex: 0.8, right: true },
          { label: t.lineTotal, flex: 1.5, right: true },
        ]}
        rows={lines.map((l) => [
          l.text,
          qty(l.amount, lang),
          money(l.price, cur, lang),
          rateText(l.taxRate, lang),
          money(l.total, cur, lang),
        ])}
      />
      <Heading>{t.taxBreakdown}</Heading>
      <Table
        cols={[
          { label: t.taxRate, flex: 2 },
          { label: t.net, flex: 1.5, right: true },
          { label: t.tax, flex: 1.5, right: true },
          { label: t.gross, flex: 1.5, right: true },
        ]}
        rows={[
          ...breakdown.map((r) => [
            fill(t.rateLabel, { rate: rateText(r.rate, lang).replace(' %', '') }),
            money(r.net, cur, lang),
            money(r.tax, cur, lang),
            money(r.gross, cur, lang),
          ]),
          [
            { text: t.sum, bold: true },
            { text: money(invoice.net, cur, lang), bold: true },
            { text: money(invoice.tax, cur, lang), bold: true },
            { text: money(invoice.gross, cur, lang), bold: true },
          ],
        ]}
      />
      {exemption && <Paragraphs texts={[exemption]} />}
      <SumRows rows={sums} />
      {onSite && <Paragraphs texts={[fill(t.onSiteNote, { amount: money(onSite, cur, lang) })]} />}
      <Paragraphs texts={closing} />
      {props.qr && !isCancellation && (
        <View style={styles.qrRow} wrap={false}>
          <Image style={styles.qr} src={{ data: props.qr, format: 'png' }} />
          <Text style={{ marginLeft: 10, width: 250 }}>{t.payQr}</Text>
        </View>
      )}
    </DocumentFrame>
  );
}

const DOCUMENT_VAT_LABEL: Record<TLanguage, string> = { de: 'Unsere USt-IdNr.', en: 'Our VAT ID' };
const DOCUMENT_TAXNO_LABEL: Record<TLanguage, string> = { de: 'Unsere Steuernummer', en: 'Our tax number' };

/** Renders an issued invoice (frozen lines and totals) with the company's letterhead. */
export async function renderInvoicePdf(
  ex: Executor,
  invoiceId: number,
  opts: { templateId?: number | undefined; language?: 'de' | 'en' | undefined; qr?: Buffer | null } = {},
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await repository.invoice(ex, invoiceId);
  if (!invoice) throw notFound('Invoice');
  const lang: TLanguage = (opts.language ?? invoice.language) === 'en' ? 'en' : 'de';
  const shown = { ...invoice, language: lang };
  const context = await loadInvoiceContext(ex, invoice);
  const texts = await templateTexts(
    ex,
    'invoice',
    lang,
    opts.templateId,
    DEFAULT_TEMPLATE_TEXTS.invoice[lang],
  );
  const pdf = await renderPdf(
    <InvoiceView
      invoice={shown}
      company={context.company}
      texts={texts}
      bookingNo={context.bookingNo}
      period={context.period}
      cancels={context.cancels}
      open={context.open}
      qr={opts.qr === undefined ? context.qr : opts.qr}
    />,
  );
  const label =
    BOOKING_DOCUMENT_TEXTS[lang].titles[invoice.kind === 'cancellation' ? 'cancellation' : 'invoice'];
  return { fileName: `${safeName(label)}-${safeName(invoice.number)}.pdf`, pdf };
}
