import type { TLanguage } from '@atoll/domain/constants';
import type { TCustomer } from '@atoll/domain/customers';
import { countryName } from '@atoll/domain/geo';
import { DocumentFrame, FieldSection, renderPdf, type TLetterhead } from '../../documents/pdf.tsx';
import { formatDocumentDate } from '../../documents/texts.ts';

const TEXTS = {
  de: {
    title: 'Kundenblatt',
    masterData: 'Stammdaten',
    name: 'Name',
    title_: 'Titel',
    gender: 'Geschlecht',
    genders: { u: 'unbekannt', m: 'männlich', f: 'weiblich' },
    birthday: 'Geburtstag',
    age: 'Alter',
    child: 'Kind',
    yes: 'ja',
    nationality: 'Nationalität',
    customerType: 'Kundentyp',
    contact: 'Kontakt',
    email: 'E-Mail',
    phone: 'Telefon',
    mobile: 'Mobil',
    address: 'Adresse',
    street: 'Straße',
    city: 'PLZ / Ort',
    state: 'Bundesland / Region',
    country: 'Land',
    passport: 'Reisepass',
    passportNumber: 'Nummer',
    issueDate: 'Ausgestellt am',
    expiryDate: 'Gültig bis',
    loyalty: 'Treue',
    stays: 'Aufenthalte',
    revenue: 'Umsatz',
    lastStay: 'Letzter Aufenthalt',
    notes: 'Interne Notiz',
    note: 'Notiz',
    customerNo: 'Kundennummer',
  },
  en: {
    title: 'Customer sheet',
    masterData: 'Master data',
    name: 'Name',
    title_: 'Title',
    gender: 'Gender',
    genders: { u: 'unknown', m: 'male', f: 'female' },
    birthday: 'Birthday',
    age: 'Age',
    child: 'Child',
    yes: 'yes',
    nationality: 'Nationality',
    customerType: 'Customer type',
    contact: 'Contact',
    email: 'E-mail',
    phone: 'Phone',
    mobile: 'Mobile',
    address: 'Address',
    street: 'Street',
    city: 'Postcode / city',
    state: 'State / region',
    country: 'Country',
    passport: 'Passport',
    passportNumber: 'Number',
    issueDate: 'Issued on',
    expiryDate: 'Valid until',
    loyalty: 'Loyalty',
    stays: 'Stays',
    revenue: 'Revenue',
    lastStay: 'Last stay',
    notes: 'Internal note',
    note: 'Note',
    customerNo: 'Customer no.',
  },
} as const;

/** The templates `POST /api/customers/{id}/print/{template}` knows. */
export const CUSTOMER_TEMPLATES = ['sheet'] as const;

/**
 * One page about a customer. It prints what the caller may read: the answer of the API after
 * redaction, so a customer's own sheet has no internal note.
 */
type TSheetProps = { customer: TCustomer; company: TLetterhead; lang: TLanguage; currency: string };

export const renderCustomerSheet = (props: TSheetProps) => renderPdf(<CustomerSheet {...props} />);

function CustomerSheet(props: TSheetProps) {
  const { customer: c, lang } = props;
  const t = TEXTS[lang];
  const date = (d: string | null) => formatDocumentDate(d, lang);
  const md = c.masterData;
  return (
    <DocumentFrame company={props.company} lang={lang} title={`${t.title}: ${c.fullName}`}>
      <FieldSection
        title={t.masterData}
        rows={[
          [t.customerNo, String(c.id)],
          [t.name, c.fullName],
          [t.title_, md.title],
          [t.gender, md.gender === 'u' ? null : t.genders[md.gender]],
          [t.birthday, date(md.birthday)],
          [t.age, c.age === null ? null : String(c.age)],
          [t.child, c.isChild ? t.yes : null],
          [t.nationality, countryName(md.nationality, lang)],
          [t.customerType, c.customerType],
        ]}
      />
      <FieldSection
        title={t.contact}
        rows={[
          [t.email, c.contact.email],
          [t.phone, c.contact.phone],
          [t.mobile, c.contact.mobile],
        ]}
      />
      <FieldSection
        title={t.address}
        rows={[
          [t.street, c.address.street],
          [t.city, [c.address.zip, c.address.city].filter(Boolean).join(' ')],
          [t.state, c.address.state],
          [t.country, countryName(c.address.country, lang)],
        ]}
      />
      <FieldSection
        title={t.passport}
        rows={[
          [t.passportNumber, c.passport.number],
          [t.nationality, countryName(c.passport.nationality, lang)],
          [t.issueDate, date(c.passport.issueDate)],
          [t.expiryDate, date(c.passport.expiryDate)],
        ]}
      />
      <FieldSection
        title={t.loyalty}
        rows={[
          [t.stays, String(c.stays)],
          [t.revenue, `${c.revenue} ${props.currency}`],
          [t.lastStay, date(c.lastStay)],
        ]}
      />
      <FieldSection title={t.notes} rows={[[t.note, c.internalNote]]} />
    </DocumentFrame>
  );
}
