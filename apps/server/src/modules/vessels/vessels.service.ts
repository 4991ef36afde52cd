import type { TLanguage } from '@atoll/domain/constants';
import { ZPassport } from '@atoll/domain/customers';
import { GENDERS, type TGender } from '@atoll/domain/inventory/availability';
import { activeBeds, ZRoomConfiguration } from '@atoll/domain/inventory/rooms';
import {
  manifestHoldsOfGuests,
  manifestRows,
  type TCreateVessel,
  type TCreateVesselDeck,
  type TCreateVesselList,
  type TManifestGuest,
  type TManifestHold,
  type TManifestPerson,
  type TUpdateVessel,
  type TUpdateVesselDeck,
  type TUpdateVesselList,
} from '@atoll/domain/inventory/vessels';
import type { TSessionUser } from '@atoll/domain/users';
import { createElement } from 'react';
import type { Db, Executor } from '../../db/client.ts';
import { loadLetterhead, renderPdf } from '../../documents/pdf.tsx';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TWriteContext } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { MANIFEST_TEXTS } from './vessel-manifest.texts.ts';
import { VesselManifest } from './vessel-manifest.tsx';
import {
  type TManifestGuestRow,
  type TManifestHoldRow,
  type TVesselDeckRow,
  type TVesselRow,
  type TVesselsRepository,
  toVesselList,
  visibleLists,
  visibleSchedules,
  visibleVessels,
} from './vessels.repository.ts';

const asGender = (value: string | null | undefined): TGender | null =>
  (GENDERS as readonly string[]).includes(value ?? '') ? (value as TGender) : null;

type TCustomerColumns = Omit<TManifestHoldRow, 'roomId' | 'unit' | 'bookingId' | 'state' | 'gender'>;

/** The customer of a row as the manifest reads it; null without a linked customer. */
function personOf(row: TCustomerColumns): TManifestPerson | null {
  if (row.customerId === null) return null;
  const passport = ZPassport.partial().safeParse(row.passport).data ?? {};
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    gender: asGender(row.customerGender),
    birthday: row.birthday,
    permanentAge: row.permanentAge,
    nationality: row.nationality,
    passportNo: passport.number ?? null,
    passportNationality: passport.nationality ?? null,
    passportExpiry: passport.expiryDate ?? null,
    email: row.email,
    phone: row.phone,
  };
}

/** A holding row with its customer as the manifest reads it. */
function toManifestHold(row: TManifestHoldRow): TManifestHold {
  return {
    roomId: row.roomId,
    unit: row.unit,
    bookingId: row.bookingId,
    state: row.state,
    gender: asGender(row.gender) ?? 'u',
    person: personOf(row),
  };
}

/** A guest known only by a name: every other field of the manifest stays empty. */
const NOBODY: TManifestPerson = {
  firstName: null,
  lastName: null,
  fullName: null,
  gender: null,
  birthday: null,
  permanentAge: null,
  nationality: null,
  passportNo: null,
  passportNationality: null,
  passportExpiry: null,
  email: null,
  phone: null,
};

/**
 * The booking's guests for the manifest; one without a customer record by its name (or as "Guest 2 of B26-…")
 * and the age the booking notes.
 */
function toManifestGuests(rows: TManifestGuestRow[], lang: TLanguage): TManifestGuest[] {
  const place = new Map<number, number>();
  return rows.map((row) => {
    const n = (place.get(row.bookingId) ?? 0) + 1;
    place.set(row.bookingId, n);
    const unnamed = MANIFEST_TEXTS[lang].guestOf
      .replace('{n}', String(n))
      .replace('{booking}', row.bookingNo);
    return {
      id: row.id,
      bookingId: row.bookingId,
      roomId: row.roomId,
      bed: row.bed,
      gender: asGender(row.gender) ?? 'u',
      person: personOf(row) ?? {
        ...NOBODY,
        ...(row.name ? namedOnly(row.name) : { lastName: unnamed, fullName: unnamed }),
        permanentAge: row.age,
      },
    };
  });
}

/**
 * A name typed for a guest without a customer record, split for the first and last name columns at its first
 * space ("Sem de Jong": Sem, de Jong); one word is the last name.
 */
function namedOnly(name: string): Pick<TManifestPerson, 'firstName' | 'lastName' | 'fullName'> {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { firstName: null, lastName: trimmed, fullName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space).trim(), fullName: trimmed };
}

export function createVesselsService(deps: {
  db: Db;
  repository: TVesselsRepository;
  settings: TSettingsService;
}) {
  const { db, repository } = deps;

  /** A vessel the user may see, for decks and lists bound to it; another's reads as missing. */
  async function checkVessel(ex: Executor, user: TSessionUser, vesselId: number) {
    if (!(await repository.findVessel(ex, vesselId, visibleVessels(user)))) {
      throw badRequest('The vessel does not exist', 'vesselId');
    }
  }

  async function checkMedia(ex: Executor, ids: number[], path: string) {
    const missing = await repository.missingMedia(ex, ids);
    if (missing.length > 0) throw badRequest(`Unknown media: ${missing.join(', ')}`, path);
  }

  return {
    async vesselValues({ tx }: TWriteContext, input: TCreateVessel | TUpdateVessel) {
      if (input.currency && !(await repository.currencyExists(tx, input.currency))) {
        throw badRequest('The currency does not exist', 'currency');
      }
      if (input.homePortId && !(await repository.portExists(tx, input.homePortId))) {
        throw badRequest('The port does not exist', 'homePortId');
      }
      if (input.images) await checkMedia(tx, input.images, 'images');
      return { ...input };
    },

    /** Departures keep their vessel (FK restrict): say so instead of a bare conflict. */
    async beforeDeleteVessel({ tx }: TWriteContext, row: TVesselRow) {
      const usage = await repository.vesselUsage(tx, row.id);
      if (usage.schedules === 0 && usage.occupancy === 0) return;
      throw new AppError(
        409,
        'IN_USE',
        'The vessel has departures or booked cabins',
        Object.entries(usage)
          .filter(([, n]) => n > 0)
          .map(([path, n]) => ({ path, code: 'in_use', message: String(n) })),
      );
    },

    async deckValues(
      { user, tx }: TWriteContext,
      input: TCreateVesselDeck | TUpdateVesselDeck,
      existing?: TVesselDeckRow,
    ) {
      if (!existing && 'vesselId' in input) await checkVessel(tx, user, input.vesselId);
      if (input.planImage) await checkMedia(tx, [input.planImage], 'planImage');
      return { ...input };
    },

    /** Adds each deck's cabins, for a whole page of decks in one query. */
    async expandDecks(rows: TVesselDeckRow[]) {
      const cabins = await repository.cabinsOnDecks(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({ ...row, cabins: cabins.filter((c) => c.deckId === row.id) }));
    },

    async listValues({ user, tx }: TWriteContext, input: TCreateVesselList | TUpdateVesselList) {
      if (input.vesselId) await checkVessel(tx, user, input.vesselId);
      return { ...input };
    },

    /** The PDF of a vessel list for one departure of its vessel (spec: `{listId}/print/{scheduleId}`). */
    async printList(user: TSessionUser, listId: number, scheduleId: number, readerLang: TLanguage) {
      const listRow = await repository.findList(db, listId, visibleLists(user));
      if (!listRow) throw notFound('vessellist');
      const departure = await repository.findSchedule(db, scheduleId, visibleSchedules(user));
      if (!departure) throw notFound('schedule');
      if (listRow.vesselId !== null && listRow.vesselId !== departure.vesselId) {
        throw badRequest('The list belongs to another vessel than the departure', 'scheduleId');
      }
      const list = toVesselList(listRow);
      const lang = list.language ?? readerLang;
      const held = (await repository.manifestHolds(db, scheduleId)).map(toManifestHold);
      const guestRows = await repository.manifestGuests(
        db,
        [...new Set(held.flatMap((h) => (h.bookingId === null ? [] : [h.bookingId])))],
        [...new Set(held.map((h) => h.roomId))],
      );
      const holds = manifestHoldsOfGuests(held, toManifestGuests(guestRows, lang));
      const cabinRows = await repository.manifestCabins(db, departure.vesselId, [
        ...new Set(holds.map((h) => h.roomId)),
      ]);
      const cabins = cabinRows.map((c) => ({
        id: c.id,
        name: c.name,
        sort: c.sort,
        isActive: c.isActive,
        beds: activeBeds(ZRoomConfiguration.safeParse(c.configuration).data ?? { beds: [] }).map(
          (b) => b.internalId,
        ),
      }));
      const rows = manifestRows(cabins, holds, { kind: list.kind, firstNight: departure.from });
      const company = await loadLetterhead(db, deps.settings);
      const pdf = await renderPdf(createElement(VesselManifest, { list, departure, rows, company, lang }));
      return { pdf, filename: `${list.name}-${departure.vessel}-${departure.from}.pdf` };
    },
  };
}

export type TVesselsService = ReturnType<typeof createVesselsService>;
