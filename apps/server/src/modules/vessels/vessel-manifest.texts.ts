import type { TLanguage } from '@atoll/domain/constants';
import type { TBookingState, TGender } from '@atoll/domain/inventory/availability';
import type { TVesselListColumn } from '@atoll/domain/inventory/vessels';

type TManifestTexts = {
  departure: string;
  vessel: string;
  tour: string;
  dates: string;
  embark: string;
  disembark: string;
  status: string;
  statuses: Record<string, string>;
  free: string;
  persons: string;
  freeBerths: string;
  nobody: string;
  /** A guest without a customer record. */
  guestOf: string;
  columns: Record<TVesselListColumn, string>;
  genders: Record<TGender, string>;
  states: Record<TBookingState, string>;
};

/** Texts of vessel lists (manifest, cabin list) in both languages. */
export const MANIFEST_TEXTS = {
  de: {
    departure: 'Abfahrt',
    vessel: 'Schiff',
    tour: 'Tour',
    dates: 'Reisedaten',
    embark: 'Einschiffung',
    disembark: 'Ausschiffung',
    status: 'Status',
    statuses: { open: 'offen', closed: 'geschlossen', cancelled: 'abgesagt' },
    free: 'frei',
    persons: 'Personen an Bord: {count}',
    freeBerths: 'Freie Plätze: {count}',
    nobody: 'Für diese Abfahrt ist niemand gebucht.',
    guestOf: 'Gast {n} von {booking}',
    columns: {
      cabin: 'Kabine',
      bed: 'Platz',
      name: 'Name',
      firstName: 'Vorname',
      lastName: 'Nachname',
      gender: 'Geschl.',
      birthday: 'Geburtstag',
      age: 'Alter',
      nationality: 'Nationalität',
      passportNo: 'Reisepass',
      passportNationality: 'Ausstellerland',
      passportExpiry: 'Pass gültig bis',
      email: 'E-Mail',
      phone: 'Telefon',
      bookingId: 'Buchung',
      state: 'Status',
    },
    genders: { m: 'm', f: 'w', u: '' },
    states: {
      draft: 'Entwurf',
      planned: 'Option',
      confirmed: 'bestätigt',
      resolved: 'bestätigt',
      aborted: 'storniert',
      rebooked: 'umgebucht',
      freed: 'freigegeben',
      splitted: 'geteilt',
      waiting: 'Warteliste',
      deleted: 'gelöscht',
    },
  },
  en: {
    departure: 'Departure',
    vessel: 'Vessel',
    tour: 'Tour',
    dates: 'Dates',
    embark: 'Embarkation',
    disembark: 'Disembarkation',
    status: 'Status',
    statuses: { open: 'open', closed: 'closed', cancelled: 'cancelled' },
    free: 'free',
    persons: 'Persons on board: {count}',
    freeBerths: 'Free berths: {count}',
    nobody: 'Nobody is booked on this departure.',
    guestOf: 'Guest {n} of {booking}',
    columns: {
      cabin: 'Cabin',
      bed: 'Berth',
      name: 'Name',
      firstName: 'First name',
      lastName: 'Last name',
      gender: 'Sex',
      birthday: 'Date of birth',
      age: 'Age',
      nationality: 'Nationality',
      passportNo: 'Passport',
      passportNationality: 'Issued by',
      passportExpiry: 'Passport expiry',
      email: 'E-mail',
      phone: 'Phone',
      bookingId: 'Booking',
      state: 'State',
    },
    genders: { m: 'M', f: 'F', u: '' },
    states: {
      draft: 'draft',
      planned: 'option',
      confirmed: 'confirmed',
      resolved: 'confirmed',
      aborted: 'cancelled',
      rebooked: 'rebooked',
      freed: 'freed',
      splitted: 'split',
      waiting: 'waiting list',
      deleted: 'deleted',
    },
  },
} as const satisfies Record<TLanguage, TManifestTexts>;
