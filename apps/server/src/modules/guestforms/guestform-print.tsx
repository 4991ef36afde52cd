import type { TLanguage } from '@atoll/domain/constants';
import { sectionsOf, type TGuestFormView } from '@atoll/domain/guestforms';
import { DocumentFrame, FieldSection, renderPdf, type TLetterhead } from '../../documents/pdf.tsx';
import { formatDocumentDate } from '../../documents/texts.ts';

// GET /api/guestform/{id}/print: the guest's answers as one PDF page, in German or English.

const TEXTS = {
  de: {
    title: 'Gästeformular',
    booking: 'Buchung',
    status: 'Status',
    statuses: { open: 'offen', submitted: 'eingereicht', added: 'übernommen' },
    yes: 'ja',
    no: 'nein',
    file: 'Datei',
    sections: {
      personal: 'Person',
      passport: 'Reisepass',
      diving: 'Tauchen',
      insurance: 'Versicherung',
      flights: 'Flüge',
      emergency: 'Notfallkontakt',
    },
    fields: {
      firstName: 'Vorname',
      lastName: 'Nachname',
      gender: 'Geschlecht',
      birthday: 'Geburtstag',
      email: 'E-Mail',
      phone: 'Telefon',
      passportNumber: 'Passnummer',
      nationality: 'Nationalität',
      passportIssueDate: 'Ausgestellt am',
      passportExpiryDate: 'Gültig bis',
      passportScan: 'Passkopie',
      certAgency: 'Brevet-Organisation',
      certLevel: 'Brevet-Stufe',
      loggedDives: 'Geloggte Tauchgänge',
      lastDive: 'Letzter Tauchgang',
      certCard: 'Brevetkarte',
      medicalHeart: 'Herz- oder Kreislaufprobleme',
      medicalLungs: 'Lungen- oder Atemwegsprobleme',
      medicalEars: 'Ohren- oder Nebenhöhlenprobleme',
      medicalMedication: 'Regelmäßige Medikamente',
      medicalSurgery: 'Operation in den letzten 12 Monaten',
      medicalPregnant: 'Schwanger',
      physicianSignOff: 'Ärztliche Freigabe',
      physicianStatement: 'Unterschriebene medizinische Erklärung',
      insuranceCompany: 'Versicherung',
      insurancePolicy: 'Policennummer',
      arrivalFlight: 'Ankunftsflug',
      arrivalDate: 'Ankunftsdatum',
      arrivalTime: 'Ankunftszeit',
      departureFlight: 'Abflug',
      departureDate: 'Abflugdatum',
      departureTime: 'Abflugzeit',
      emergencyName: 'Name',
      emergencyPhone: 'Telefon',
      emergencyRelation: 'Beziehung',
    },
  },
  en: {
    title: 'Guest form',
    booking: 'Booking',
    status: 'Status',
    statuses: { open: 'open', submitted: 'submitted', added: 'added' },
    yes: 'yes',
    no: 'no',
    file: 'File',
    sections: {
      personal: 'Person',
      passport: 'Passport',
      diving: 'Diving',
      insurance: 'Insurance',
      flights: 'Flights',
      emergency: 'Emergency contact',
    },
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      gender: 'Gender',
      birthday: 'Birthday',
      email: 'E-mail',
      phone: 'Phone',
      passportNumber: 'Passport number',
      nationality: 'Nationality',
      passportIssueDate: 'Issued on',
      passportExpiryDate: 'Valid until',
      passportScan: 'Passport copy',
      certAgency: 'Certification agency',
      certLevel: 'Certification level',
      loggedDives: 'Logged dives',
      lastDive: 'Last dive',
      certCard: 'Certification card',
      medicalHeart: 'Heart or circulation problems',
      medicalLungs: 'Lung or breathing problems',
      medicalEars: 'Ear or sinus problems',
      medicalMedication: 'Regular medication',
      medicalSurgery: 'Surgery in the last 12 months',
      medicalPregnant: 'Pregnant',
      physicianSignOff: 'Physician’s sign-off',
      physicianStatement: 'Signed medical statement',
      insuranceCompany: 'Insurance company',
      insurancePolicy: 'Policy number',
      arrivalFlight: 'Arrival flight',
      arrivalDate: 'Arrival date',
      arrivalTime: 'Arrival time',
      departureFlight: 'Departure flight',
      departureDate: 'Departure date',
      departureTime: 'Departure time',
      emergencyName: 'Name',
      emergencyPhone: 'Phone',
      emergencyRelation: 'Relation',
    },
  },
} as const;

type TProps = { form: TGuestFormView; company: TLetterhead; lang: TLanguage };

export const renderGuestFormPdf = (props: TProps) => renderPdf(<GuestFormPdf {...props} />);

function GuestFormPdf({ form, company, lang }: TProps) {
  const t = TEXTS[lang];
  const shown = (kind: string, value: unknown): string | null => {
    if (value === undefined || value === null || value === '') return null;
    if (kind === 'yesno') return value === true ? t.yes : t.no;
    if (kind === 'date' && typeof value === 'string') return formatDocumentDate(value, lang);
    if (kind === 'file' && typeof value === 'object')
      return `${t.file}: ${String((value as { name?: unknown }).name ?? '')}`;
    return String(value);
  };
  return (
    <DocumentFrame company={company} lang={lang} title={`${t.title}: ${form.guestName ?? ''}`}>
      <FieldSection
        title={t.booking}
        rows={[
          [t.booking, form.bookingNo],
          [t.status, t.statuses[form.status]],
        ]}
      />
      {sectionsOf(form.types).map((section) => (
        <FieldSection
          key={section.type}
          title={t.sections[section.type]}
          rows={section.fields.map((field) => [
            t.fields[field.key as keyof typeof t.fields] ?? field.key,
            shown(field.kind, form.data[field.key]),
          ])}
        />
      ))}
    </DocumentFrame>
  );
}
