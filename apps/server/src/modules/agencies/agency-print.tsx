import type { TAgency, TAgencyContact, TAgencyTemplate } from '@atoll/domain/agencies';
import { AGENCY_TEMPLATE_NAMES } from '@atoll/domain/agencies';
import type { TLanguage } from '@atoll/domain/constants';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, FieldSection, type TLetterhead } from '../../documents/pdf.tsx';
import { fill, formatDocumentDate } from '../../documents/texts.ts';
import { AGENCY_PRINT_TEXTS, type TAgencyPrintTexts } from './agency-print.texts.ts';

/** What an agency document shows; never the operator's internal note (documents leave the office). */
export type TAgencyPrint = {
  agency: TAgency;
  groupName: string | null;
  contacts: TAgencyContact[];
  company: TLetterhead;
  lang: TLanguage;
};

const styles = StyleSheet.create({
  paragraph: { marginBottom: 8 },
  party: { marginBottom: 10 },
  bold: { fontWeight: 'bold' },
  signatures: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 48 },
  signature: { width: '45%', borderTopWidth: 0.5, borderTopColor: '#000', paddingTop: 4, fontSize: 8 },
});

/** A decimal string for reading: "5000.50" → "5.000,50" (de) or "5,000.50" (en); no float maths. */
export function formatDecimal(value: string, lang: TLanguage, decimals = 2): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'de' ? '.' : ',');
  const digits = fraction.padEnd(decimals, '0').slice(0, decimals);
  return digits ? `${grouped}${lang === 'de' ? ',' : '.'}${digits}` : grouped;
}

/** A percentage without needless zeros: "15.00" → "15", "12.50" → "12,5" (de). */
function formatPercent(value: string, lang: TLanguage) {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${whole}${lang === 'de' ? ',' : '.'}${digits}` : whole;
}

function addressLines(a: TAgency['address']) {
  return [a.street, [a.zip, a.city].filter(Boolean).join(' '), a.state, a.country].filter(Boolean).join(', ');
}

function AgencySheet({ agency, groupName, contacts, lang }: TAgencyPrint) {
  const t = AGENCY_PRINT_TEXTS[lang];
  const a = agency;
  return (
    <>
      <FieldSection
        title={t.masterData}
        rows={[
          [t.name, a.name],
          [t.type, t.types[a.type]],
          [t.group, groupName],
          [t.taxId, a.taxId],
          [t.language, t.languages[a.language]],
          [t.currency, a.currency],
          [t.status, a.isActive ? t.active : t.inactive],
        ]}
      />
      <FieldSection
        title={t.contact}
        rows={[
          [t.phone, a.phone],
          [t.email, a.email],
          [t.website, a.website],
          [t.address, addressLines(a.address)],
        ]}
      />
      <FieldSection
        title={t.bank}
        rows={[
          [t.bankName, a.bank.bankName],
          [t.accountHolder, a.bank.accountHolder],
          [t.iban, a.bank.iban],
          [t.bic, a.bank.bic],
        ]}
      />
      <FieldSection
        title={t.terms}
        rows={[
          [t.commission, `${formatPercent(a.commission, lang)} %`],
          [t.commissionMode, t.modes[a.commissionMode]],
          [t.creditLimit, a.creditLimit && `${formatDecimal(a.creditLimit, lang)} ${a.currency}`],
        ]}
      />
      {contacts.length > 0 && (
        <FieldSection
          title={t.people}
          rows={contacts.map((c): [string, string] => [
            c.isPrimary ? `${c.name} (${t.primary})` : c.name,
            // A contact without details still belongs on the sheet; empty rows are left out.
            [c.position, c.email, c.phone].filter(Boolean).join(' · ') || '–',
          ])}
        />
      )}
    </>
  );
}

function Party({ name, address, role }: { name: string; address: string; role: string }) {
  return (
    <View style={styles.party}>
      <Text style={styles.bold}>{name}</Text>
      <Text>{address}</Text>
      <Text>{role}</Text>
    </View>
  );
}

function CommissionAgreement({ agency, company, lang }: TAgencyPrint) {
  const t: TAgencyPrintTexts = AGENCY_PRINT_TEXTS[lang];
  const c = company.address;
  const paragraphs = [
    ...t.agreement.map((p) => fill(p, { commission: formatPercent(agency.commission, lang) })),
    agency.commissionMode === 'subtract' ? t.subtract : t.included,
    agency.creditLimit
      ? fill(t.credit, { amount: formatDecimal(agency.creditLimit, lang), currency: agency.currency })
      : t.noCredit,
    fill(t.invoices, { currency: agency.currency }),
    fill(t.validity, { date: formatDocumentDate(new Date(), lang) }),
  ];
  return (
    <>
      <Text style={styles.paragraph}>{t.between}</Text>
      <Party
        name={company.name}
        address={[c.street, [c.zip, c.city].filter(Boolean).join(' '), c.country].filter(Boolean).join(', ')}
        role={t.operator}
      />
      <Text style={styles.paragraph}>{t.and}</Text>
      <Party name={agency.name} address={addressLines(agency.address)} role={t.agency} />
      {paragraphs.map((p, i) => (
        <Text key={p} style={styles.paragraph}>
          {`${i + 1}. ${p}`}
        </Text>
      ))}
      <View style={styles.signatures} wrap={false}>
        <Text style={styles.signature}>{`${t.place} · ${t.signatureOperator}`}</Text>
        <Text style={styles.signature}>{`${t.place} · ${t.signatureAgency}`}</Text>
      </View>
    </>
  );
}

const TEMPLATES = { sheet: AgencySheet, contract: CommissionAgreement } satisfies Record<
  TAgencyTemplate,
  (props: TAgencyPrint) => unknown
>;

/** The document of `template` for an agency, in the frame with the company letterhead. */
export function AgencyDocument(props: TAgencyPrint & { template: TAgencyTemplate }) {
  const Content = TEMPLATES[props.template];
  const title = `${AGENCY_TEMPLATE_NAMES[props.template][props.lang]} – ${props.agency.name}`;
  return (
    <DocumentFrame company={props.company} lang={props.lang} title={title}>
      <Content {...props} />
    </DocumentFrame>
  );
}
