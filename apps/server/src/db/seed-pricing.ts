import { eq, or } from 'drizzle-orm';
import type { Tx } from './client.ts';
import {
  agencies,
  commissions,
  paymentTerms,
  priceVariants,
  resorts,
  roomTypes,
  specials,
  specialsGroups,
  vessels,
} from './schema.ts';
import { seedSeasons } from './seed-seasons.ts';

// The price side of the demo (docs/domain/prices.md, specials.md and payments.md): variants, terms of payment, seasons with
// entries and supplements, specials and the demo agency's commission. It reads what the inventory and
// agency seeds wrote by name, so it runs after them in the same transaction.

const VARIANTS = [
  { key: 'DOUBLE', name: 'Double use', de: 'Doppelbelegung', noOfPax: 2, isDefault: true },
  { key: 'SINGLE', name: 'Single use', de: 'Einzelbelegung', noOfPax: 1 },
  {
    key: 'THIRD',
    name: 'Third person',
    de: 'Dritte Person (Zustellbett)',
    en: 'Third person (extra bed)',
    noOfPax: 3,
    perPerson: true,
  },
  { key: 'CHILD', name: 'Child up to 11', de: 'Kind bis 11 Jahre', maxAge: 11, perPerson: true },
  { key: 'BERTH', name: 'Berth per person', de: 'Koje pro Person', perPerson: true },
  { key: 'CHARTER', name: 'Full charter', de: 'Vollcharter', fullCharter: true },
];

async function seedVariants(tx: Tx): Promise<Record<string, number>> {
  const rows = await tx
    .insert(priceVariants)
    .values(
      VARIANTS.map((v, i) => ({
        name: v.name,
        key: v.key,
        translations: { de: v.de, en: v.en ?? v.name },
        noOfPax: v.noOfPax ?? null,
        maxAge: v.maxAge ?? null,
        perPerson: v.perPerson ?? false,
        isDefault: v.isDefault ?? false,
        fullCharter: v.fullCharter ?? false,
        sort: i + 1,
      })),
    )
    .returning();
  return Object.fromEntries(rows.map((r) => [r.key ?? '', r.id]));
}

async function seedTerms(tx: Tx) {
  const [resort, liveaboard] = await tx
    .insert(paymentTerms)
    .values([
      {
        name: 'Resort standard',
        description: {
          de: '30 % Anzahlung 7 Tage nach Bestätigung, Restzahlung 60 Tage vor Anreise. Storno ab 60 Tage vor Anreise kostenfrei, ab 30 Tage 50 %, danach 100 %.',
          en: '30 % deposit 7 days after confirmation, balance 60 days before arrival. Free cancellation up to 60 days before arrival, 50 % from 30 days, 100 % after that.',
        },
        depositPercent: '30',
        depositDueDays: 7,
        restDueDaysBeforeArrival: 60,
        cancellationTiers: [
          { daysBefore: 60, percent: '0' },
          { daysBefore: 30, percent: '50' },
          { daysBefore: 0, percent: '100' },
        ],
        isDefault: true,
      },
      {
        // docs/domain/cancellation.md, verbatim.
        name: 'Liveaboard standard',
        description: {
          de: '30 % Anzahlung 7 Tage nach Bestätigung, Restzahlung 60 Tage vor Abfahrt. Storno ab 90 Tage vor Abfahrt 30 %, ab 60 Tage 50 %, danach 100 %.',
          en: '30 % deposit 7 days after confirmation, balance 60 days before departure. Cancellation from 90 days before departure 30 %, from 60 days 50 %, after that 100 %.',
        },
        depositPercent: '30',
        depositDueDays: 7,
        restDueDaysBeforeArrival: 60,
        cancellationTiers: [
          { daysBefore: 90, percent: '30' },
          { daysBefore: 60, percent: '50' },
          { daysBefore: 0, percent: '100' },
        ],
      },
    ])
    .returning();
  if (!resort || !liveaboard) throw new Error('demo seed: no terms');
  return { resort: resort.id, liveaboard: liveaboard.id };
}

const ONLINE_AND_AGENTS = ['Booking', 'AgentDirectBooking', 'CustomerDirectBooking'];

async function seedSpecials(tx: Tx, ids: { resortId: number; vesselId: number; agencyId: number }) {
  const [group] = await tx
    .insert(specialsGroups)
    .values({
      name: 'Early bookers',
      description:
        'Frühbucher: es gilt nur der beste Rabatt. / Early bookers: only the best discount applies.',
    })
    .returning();
  const base = { status: 'confirmed', autoAdd: true, target: 'RoomPrice', includeIn: ONLINE_AND_AGENTS };
  await tx.insert(specials).values([
    {
      ...base,
      name: 'Early bird',
      description: {
        de: '10 % auf Zimmer- und Kabinenpreis bei Buchung mindestens 90 Tage vor Anreise.',
        en: '10 % off the room or cabin price when booked at least 90 days before arrival.',
      },
      rules: [{ field: 'DaysBeforeTravelDate', operator: 'GreaterThanEquals', value: 90 }],
      discount: 'PerCent',
      discountValue: '10',
      groupId: group?.id ?? null,
      sort: 30,
    },
    {
      ...base,
      name: 'Stay 7 pay 6',
      description: {
        de: 'Eine Nacht frei je 7 Nächte im Coral Garden Resort; es zählt die günstigste Nacht.',
        en: 'One night free for every 7 nights at Coral Garden Resort; the cheapest night is free.',
      },
      rules: [
        { field: 'Nights', operator: 'GreaterThanEquals', value: 7 },
        { field: 'Resort', operator: 'IsIn', value: [ids.resortId] },
      ],
      discount: 'FOC',
      discountValue: '1',
      sort: 20,
    },
    {
      ...base,
      name: 'Group free place 10+1',
      description: {
        de: 'Gruppen auf der MV Atoll Explorer: eine Koje frei je 10 zahlende Taucher (Gruppenleiterplatz).',
        en: 'Groups on MV Atoll Explorer: one free berth for every 10 paying divers (group leader place).',
      },
      rules: [
        { field: 'Vessel', operator: 'IsIn', value: [ids.vesselId] },
        { field: 'NoOfPax', operator: 'GreaterThanEquals', value: 11 },
      ],
      discount: 'FOCUnit',
      discountValue: '10',
      scopeUnit: 'Bed',
      includeIn: ['Booking', 'AgentDirectBooking'],
      sort: 20,
    },
    // Priority 1 of docs/domain/tax-and-commission.md: it outranks the agency's commission row below.
    {
      ...base,
      name: 'Blue Reef Travel commission',
      type: 'AgencyCommission',
      description: {
        de: 'Partnerprovision 15 % für Blue Reef Travel.',
        en: 'Partner commission of 15 % for Blue Reef Travel.',
      },
      rules: [{ field: 'Agencies', operator: 'IsIn', value: [ids.agencyId] }],
      discount: 'PerCent',
      discountValue: '15',
      includeIn: ['Booking', 'AgentDirectBooking'],
      sort: 40,
    },
  ]);
}

async function idByName(tx: Tx, table: typeof resorts | typeof vessels | typeof agencies, name: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name));
  if (!row) throw new Error(`demo seed: ${name} is missing`);
  return row.id;
}

/** Demo prices, variants, supplements, terms, commissions and specials for the demo resort and vessel. */
export async function seedPricing(tx: Tx) {
  const resortId = await idByName(tx, resorts, 'Coral Garden Resort');
  const vesselId = await idByName(tx, vessels, 'MV Atoll Explorer');
  const agencyId = await idByName(tx, agencies, 'Blue Reef Travel');
  const types = await tx
    .select({ id: roomTypes.id, key: roomTypes.key })
    .from(roomTypes)
    .where(or(eq(roomTypes.resortId, resortId), eq(roomTypes.vesselId, vesselId)));
  const variants = await seedVariants(tx);
  const terms = await seedTerms(tx);
  await seedSeasons(tx, {
    resortId,
    vesselId,
    roomTypes: Object.fromEntries(types.map((t) => [t.key ?? '', t.id])),
    variants,
    liveaboardTermsId: terms.liveaboard,
  });
  await seedSpecials(tx, { resortId, vesselId, agencyId });
  await tx.insert(commissions).values({
    agencyId,
    resortId,
    percent: '15',
    note: 'Framework contract: 15 % on Coral Garden Resort stays.',
  });
}
