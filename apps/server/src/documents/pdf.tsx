import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TLanguage } from '@atoll/domain/constants';
import { countryName } from '@atoll/domain/geo';
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ReactElement, ReactNode } from 'react';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';
import type { TSettingsService } from '../modules/settings/settings.service.ts';
import { DOCUMENT_TEXTS, fill, formatDocumentDate } from './texts.ts';

/**
 * The frame of every PDF Atoll prints (customer sheets, agency sheets, later invoices and vouchers):
 * letterhead from the company settings, a footer with the legal name and directors, bank and tax ids, page
 * numbers, both languages.
 * Templates render their content inside <DocumentFrame> and call `renderPdf`.
 */

export type TLetterhead = {
  name: string;
  address: { street?: string; zip?: string; city?: string; country?: string };
  phone?: string;
  email?: string;
  website?: string;
  bank: { name?: string; iban?: string; bic?: string; holder?: string };
  taxIds: { vatId?: string; taxNumber?: string; registry?: string };
  /** The full legal name with the form and the managing directors, printed in every footer. */
  legal: { name?: string; directors?: string };
  /** Why an invoice charges no VAT, per language (§14 (4) no. 8 UStG). */
  vatExemption: { de?: string; en?: string };
  /** PNG or JPEG bytes of the logo; react-pdf draws no other formats. */
  logo?: { data: Buffer; format: 'png' | 'jpg' };
};

type TCompanySettings = Partial<Omit<TLetterhead, 'logo'>> & { logo?: string | null };

/** The logo setting is `/api/settings/logo/<id>`: the id of a stored file. */
const LOGO_ID = /\/api\/settings\/logo\/(\d+)$/;

/** The company as the settings describe it (group `company`), with the logo's bytes. */
export async function loadLetterhead(db: Db, settings: TSettingsService): Promise<TLetterhead> {
  const company = Object.fromEntries(await settings.group('company')) as TCompanySettings;
  const logoId = LOGO_ID.exec(company.logo ?? '')?.[1];
  const [file] = logoId
    ? await db
        .select({ data: storedFiles.data, mime: storedFiles.mime })
        .from(storedFiles)
        .where(eq(storedFiles.id, Number(logoId)))
    : [];
  const format = file?.mime === 'image/png' ? 'png' : file?.mime === 'image/jpeg' ? 'jpg' : undefined;
  return {
    name: company.name ?? 'Atoll',
    address: company.address ?? {},
    ...(company.phone ? { phone: company.phone } : {}),
    ...(company.email ? { email: company.email } : {}),
    ...(company.website ? { website: company.website } : {}),
    bank: company.bank ?? {},
    taxIds: company.taxIds ?? {},
    legal: company.legal ?? {},
    vatExemption: company.vatExemption ?? {},
    ...(file && format ? { logo: { data: file.data, format } } : {}),
  };
}

/**
 * The one font of every PDF, embedded (subset) in each: DejaVu Sans Condensed covers the Latin, Greek and Cyrillic
 * scripts of guests' names ("Łukasz Dvořák Ősz Şahin"), which the PDF standard fonts (Helvetica: Latin-1 only)
 * print wrong; the condensed cut is about as wide as Helvetica, so layouts keep their lines.
 */
export const PDF_FONT = 'DejaVu Sans Condensed';
/** The page's left and right margins (pt); an A4 page is 595 × 842 pt. */
export const PAGE_MARGIN = 40;
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
Font.register({
  family: PDF_FONT,
  fonts: [
    { src: join(fontDir, 'DejaVuSansCondensed.ttf') },
    { src: join(fontDir, 'DejaVuSansCondensed-Bold.ttf'), fontWeight: 'bold' },
    { src: join(fontDir, 'DejaVuSansCondensed-Oblique.ttf'), fontStyle: 'italic' },
    { src: join(fontDir, 'DejaVuSansCondensed-BoldOblique.ttf'), fontWeight: 'bold', fontStyle: 'italic' },
  ],
});
// Words are not hyphenated (names, booking numbers and IBANs must stay whole).
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: {
    paddingTop: 36,
    paddingBottom: 64,
    paddingHorizontal: PAGE_MARGIN,
    fontSize: 10,
    fontFamily: PDF_FONT,
  },
  head: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 24 },
  company: { fontSize: 14, fontWeight: 'bold' },
  small: { fontSize: 8, color: '#444' },
  logo: { maxWidth: 140, maxHeight: 56, objectFit: 'contain' },
  title: { fontSize: 16, fontWeight: 'bold', marginBottom: 12 },
  section: { marginBottom: 12 },
  sectionTitle: {
    fontSize: 11,
    fontWeight: 'bold',
    marginBottom: 4,
    paddingBottom: 2,
    borderBottomWidth: 0.5,
    borderBottomColor: '#999',
  },
  row: { flexDirection: 'row', paddingVertical: 1.5 },
  label: { width: '35%', color: '#444' },
  value: { width: '65%' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 40,
    right: 40,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7,
    color: '#444',
    borderTopWidth: 0.5,
    borderTopColor: '#999',
    paddingTop: 4,
  },
});

const joined = (parts: (string | undefined)[], separator = ', ') => parts.filter(Boolean).join(separator);

function Letterhead({ company, lang }: { company: TLetterhead; lang: TLanguage }) {
  const a = company.address;
  return (
    <View style={styles.head} fixed>
      <View>
        <Text style={styles.company}>{company.name}</Text>
        <Text style={styles.small}>
          {joined([a.street, joined([a.zip, a.city], ' '), countryName(a.country, lang)])}
        </Text>
        <Text style={styles.small}>{joined([company.phone, company.email, company.website], ' · ')}</Text>
      </View>
      {company.logo && <Image style={styles.logo} src={company.logo} />}
    </View>
  );
}

function Footer({ company, lang }: { company: TLetterhead; lang: TLanguage }) {
  const t = DOCUMENT_TEXTS[lang];
  const bank = joined([
    company.bank.name,
    company.bank.iban && `${t.iban} ${company.bank.iban}`,
    company.bank.bic && `${t.bic} ${company.bank.bic}`,
  ]);
  const legal = joined([
    company.legal.name || company.name,
    company.legal.directors && `${t.directors}: ${company.legal.directors}`,
    company.taxIds.registry && `${t.registry} ${company.taxIds.registry}`,
  ]);
  const tax = joined([
    company.taxIds.vatId && `${t.vatId} ${company.taxIds.vatId}`,
    company.taxIds.taxNumber && `${t.taxNumber} ${company.taxIds.taxNumber}`,
  ]);
  return (
    <View style={styles.footer} fixed>
      <View>
        <Text>{legal}</Text>
        <Text>{bank}</Text>
        <Text>{tax}</Text>
      </View>
      <Text render={({ pageNumber, totalPages }) => fill(t.page, { page: pageNumber, pages: totalPages })} />
    </View>
  );
}

/** A document's pages: letterhead, title, the content, footer; metadata for PDF readers. */
export function DocumentFrame(props: {
  company: TLetterhead;
  lang: TLanguage;
  title: string;
  /** Printed under the title, e.g. the creation date. */
  subtitle?: string;
  /** Landscape for wide tables; portrait otherwise. */
  orientation?: 'portrait' | 'landscape';
  children: ReactNode;
}) {
  const { company, lang, title } = props;
  const subtitle =
    props.subtitle ?? fill(DOCUMENT_TEXTS[lang].printedAt, { date: formatDocumentDate(new Date(), lang) });
  return (
    <Document title={title} author={company.name} creator="Atoll" language={lang}>
      <Page size="A4" orientation={props.orientation ?? 'portrait'} style={styles.page}>
        <Letterhead company={company} lang={lang} />
        <Text style={styles.title}>{title}</Text>
        <Text style={[styles.small, { marginBottom: 12 }]}>{subtitle}</Text>
        {props.children}
        <Footer company={company} lang={lang} />
      </Page>
    </Document>
  );
}

/** A titled block of label/value rows; empty values are left out. */
export function FieldSection({
  title,
  rows,
}: {
  title: string;
  rows: [string, string | null | undefined][];
}) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
  if (shown.length === 0) return null;
  return (
    <View style={styles.section} wrap={false}>
      <Text style={styles.sectionTitle}>{title}</Text>
      {shown.map(([label, value]) => (
        <View style={styles.row} key={label}>
          <Text style={styles.label}>{label}</Text>
          <Text style={styles.value}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

export const renderPdf = (document: ReactElement): Promise<Buffer> =>
  renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);

/**
 * Answers a PDF to be shown in the browser (inline): an ASCII file name for old clients and the full one
 * (umlauts, any script) as RFC 6266/5987 `filename*`.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return sendDownload(reply, pdf, filename, 'application/pdf');
}

/** A generated file (PDF, XML, CSV) with its name in ASCII and in full (`filename*`), never cached. */
export function sendDownload(reply: FastifyReply, body: Buffer | string, filename: string, mime: string) {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_');
  const full = encodeURIComponent(filename.replace(/[^\p{L}\p{N}.-]+/gu, '_'));
  return reply
    .type(mime)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${full}`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
