import type { TLanguage } from '@atoll/domain/constants';
import type { TScheduleStatus } from '@atoll/domain/inventory/tours';

/** Texts of the departure list PDF (`schedules/printList/departures`). */
export const DEPARTURES_PRINT_TEXTS = {
  de: {
    title: 'Abfahrten',
    period: 'Zeitraum {from} – {to}',
    vessel: 'Schiff',
    date: 'Datum',
    tour: 'Tour',
    nights: 'Nächte',
    status: 'Status',
    freeCabins: 'Freie Kabinen',
    freeBerths: 'Freie Plätze',
    none: 'Keine Abfahrten in diesem Zeitraum.',
    statuses: { open: 'offen', closed: 'geschlossen', cancelled: 'abgesagt' },
  },
  en: {
    title: 'Departures',
    period: 'Period {from} – {to}',
    vessel: 'Vessel',
    date: 'Date',
    tour: 'Tour',
    nights: 'Nights',
    status: 'Status',
    freeCabins: 'Free cabins',
    freeBerths: 'Free berths',
    none: 'No departures in this period.',
    statuses: { open: 'open', closed: 'closed', cancelled: 'cancelled' },
  },
} as const satisfies Record<TLanguage, Record<string, string | Record<TScheduleStatus, string>>>;
