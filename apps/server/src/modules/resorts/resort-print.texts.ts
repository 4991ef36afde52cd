import type { TLanguage } from '@atoll/domain/constants';
import type { TResortList } from '@atoll/domain/inventory/resorts';
import type { THousekeepingState, TUsageState } from '@atoll/domain/inventory/rooms';

/** Texts of the printed resort lists (rooms, room types, housekeeping). */
export const RESORT_PRINT_TEXTS = {
  de: {
    titles: {
      rooms: 'Zimmerliste {resort}',
      roomtypes: 'Zimmertypen {resort}',
      housekeeping: 'Housekeeping {resort}',
    } satisfies Record<TResortList, string>,
    room: 'Zimmer',
    type: 'Typ',
    beds: 'Betten',
    pax: 'Personen',
    state: 'Zustand',
    active: 'Aktiv',
    visible: 'Sichtbar',
    yes: 'ja',
    no: 'nein',
    name: 'Name',
    otaPax: 'OTA-Pers.',
    otaType: 'OTA-Typ',
    size: 'Größe',
    surcharge: 'Aufschlag',
    housekeeping: 'Reinigung',
    usage: 'Belegung',
    done: 'Erledigt',
    empty: 'Keine Einträge.',
    total: 'Anzahl: {count}',
    housekeepingStates: {
      clean: 'sauber',
      dirty: 'schmutzig',
      inspected: 'geprüft',
      cleaning: 'in Reinigung',
      outOfService: 'außer Betrieb',
    } satisfies Record<THousekeepingState, string>,
    usageStates: {
      free: 'frei',
      occupied: 'belegt',
      arriving: 'Anreise',
      departing: 'Abreise',
    } satisfies Record<TUsageState, string>,
  },
  en: {
    titles: {
      rooms: 'Room list {resort}',
      roomtypes: 'Room types {resort}',
      housekeeping: 'Housekeeping {resort}',
    },
    room: 'Room',
    type: 'Type',
    beds: 'Beds',
    pax: 'Persons',
    state: 'State',
    active: 'Active',
    visible: 'Visible',
    yes: 'yes',
    no: 'no',
    name: 'Name',
    otaPax: 'OTA pax',
    otaType: 'OTA type',
    size: 'Size',
    surcharge: 'Surcharge',
    housekeeping: 'Housekeeping',
    usage: 'Usage',
    done: 'Done',
    empty: 'No entries.',
    total: 'Count: {count}',
    housekeepingStates: {
      clean: 'clean',
      dirty: 'dirty',
      inspected: 'inspected',
      cleaning: 'being cleaned',
      outOfService: 'out of service',
    },
    usageStates: {
      free: 'free',
      occupied: 'occupied',
      arriving: 'arriving',
      departing: 'departing',
    },
  },
} as const satisfies Record<TLanguage, unknown>;

export type TResortPrintTexts = (typeof RESORT_PRINT_TEXTS)[TLanguage];
