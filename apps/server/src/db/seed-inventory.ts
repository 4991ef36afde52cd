import type { TBed } from '@atoll/domain/inventory/rooms';
import sharp from 'sharp';
import { storeMedia } from '../modules/media/media.service.ts';
import type { Tx } from './client.ts';
import {
  bedTypes,
  destinations,
  mediaFolders,
  ports,
  resorts,
  roomBlocks,
  rooms,
  roomTypes,
  schedules,
  tours,
  vesselDecks,
  vesselLists,
  vessels,
} from './schema.ts';

/** A demo photo: a colour gradient with a caption, drawn by sharp from SVG (no files in the repository). */
async function demoImage(tx: Tx, folderId: number, name: string, from: string, to: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <text x="60" y="740" font-family="sans-serif" font-size="64" fill="white">${name}</text></svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const row = await storeMedia(tx, {
    name: `${name}.jpg`,
    data,
    optimize: false,
    folderId,
    caption: { de: name, en: name },
  });
  return row.id;
}

const bedsOf = (count: number, type: string, limits: Record<number, number> = {}): TBed[] =>
  Array.from({ length: count }, (_, i) => ({
    internalId: `B${i + 1}`,
    active: true,
    visible: true,
    type,
    maxAge: limits[i] ?? null,
  }));

const config = (beds: TBed[], pax: { min?: number; def?: number; max?: number } = {}, flags = {}) => ({
  minNoOfPax: pax.min ?? 1,
  defaultNoOfPax: pax.def ?? 2,
  maxNoOfPax: pax.max ?? beds.length,
  single: false,
  double: false,
  fan: false,
  acc: true,
  seaview: false,
  warmwater: true,
  ...flags,
  beds,
});

/** The first Saturday on or after `day` (UTC dates). */
function saturdayFrom(day: Date): Date {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7));
  return d;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

async function seedResort(tx: Tx, folderId: number) {
  const [resort] = await tx
    .insert(resorts)
    .values({
      name: 'Coral Garden Resort',
      code: 'CGR',
      timeZone: 'Asia/Manila',
      currency: 'PHP',
      country: 'PH',
      address: { street: 'Panagsama Beach', zip: '6032', city: 'Moalboal', country: 'PH' },
      email: 'resort@atoll-demo.example',
      description: {
        de: 'Tauchresort am Hausriff mit Sardinenschwarm, 30 Zimmer in vier Kategorien.',
        en: 'Dive resort on a house reef with the sardine run, 30 rooms in four categories.',
      },
      images: [await demoImage(tx, folderId, 'Coral Garden Resort', '#0b7285', '#66d9e8')],
    })
    .returning();
  if (!resort) throw new Error('demo seed: no resort');
  const types = [
    {
      name: 'Garden Room',
      key: 'GARDEN',
      count: 12,
      colors: ['#2b8a3e', '#8ce99a'],
      beds: bedsOf(2, 'single'),
      flags: { double: false },
    },
    {
      name: 'Sea View Deluxe',
      key: 'SEAVIEW',
      count: 10,
      colors: ['#1864ab', '#74c0fc'],
      beds: bedsOf(2, 'double'),
      flags: { double: true, seaview: true },
    },
    {
      name: 'Beach Bungalow',
      key: 'BUNGALOW',
      count: 4,
      colors: ['#e67700', '#ffd43b'],
      beds: bedsOf(3, 'single'),
      flags: { seaview: true },
    },
    {
      name: 'Family Suite',
      key: 'FAMILY',
      count: 4,
      colors: ['#862e9c', '#e599f7'],
      beds: bedsOf(4, 'single', { 3: 12 }),
      flags: {},
    },
  ];
  let number = 100;
  const roomRows: (typeof rooms.$inferInsert)[] = [];
  for (const [index, type] of types.entries()) {
    const image = await demoImage(
      tx,
      folderId,
      type.name,
      type.colors[0] ?? '#000',
      type.colors[1] ?? '#fff',
    );
    const [row] = await tx
      .insert(roomTypes)
      .values({
        name: type.name,
        key: type.key,
        resortId: resort.id,
        maxNoOfPax: type.beds.length,
        maxNoOfOTAPax: type.beds.length,
        roomTypeOTA: type.beds.length > 2 ? 'Family' : 'Double',
        sizeInSqm: String(24 + index * 8),
        description: {
          de: `${type.name} mit Klimaanlage und Warmwasser.`,
          en: `${type.name} with air conditioning and hot water.`,
        },
        images: [image],
        sort: index + 1,
      })
      .returning();
    number = (index + 1) * 100;
    for (let i = 1; i <= type.count; i++) {
      roomRows.push({
        name: String(number + i),
        internalId: `${type.key}-${i}`,
        type: 'Room',
        resortId: resort.id,
        roomTypeId: row?.id ?? null,
        availableBeds: type.beds.length,
        configuration: config(type.beds, { max: type.beds.length }, type.flags),
        images: [image],
        sort: i,
      });
    }
  }
  const inserted = await tx.insert(rooms).values(roomRows).returning({ id: rooms.id });
  // One room under maintenance next month: the block shows in the availability grid.
  const nextMonth = addDays(new Date(), 30);
  const blocked = inserted[0];
  if (blocked) {
    await tx.insert(roomBlocks).values({
      roomId: blocked.id,
      kind: 'Maintanance',
      from: iso(nextMonth),
      to: iso(addDays(nextMonth, 5)),
      reason: 'Bathroom renovation',
    });
  }
}

async function seedVessel(tx: Tx, folderId: number) {
  const [north, visayas] = await tx
    .insert(destinations)
    .values([
      {
        name: 'Tubbataha Reefs',
        country: 'PH',
        description: { de: 'Sulusee, UNESCO-Welterbe', en: 'Sulu Sea, UNESCO World Heritage' },
      },
      {
        name: 'Visayas',
        country: 'PH',
        description: { de: 'Bohol, Cebu und Negros', en: 'Bohol, Cebu and Negros' },
      },
    ])
    .returning();
  const [puerto, cebu] = await tx
    .insert(ports)
    .values([
      { name: 'Puerto Princesa', code: 'PHPPS', country: 'PH', destinationId: north?.id ?? null },
      { name: 'Cebu', code: 'PHCEB', country: 'PH', destinationId: visayas?.id ?? null },
    ])
    .returning();
  const [vessel] = await tx
    .insert(vessels)
    .values({
      name: 'MV Atoll Explorer',
      code: 'AEX',
      timeZone: 'Asia/Manila',
      currency: 'EUR',
      homePortId: puerto?.id ?? null,
      details: { length: 38, beam: 8, built: 2019, flag: 'PH', crew: 14, guests: 18 },
      description: {
        de: 'Stahlyacht mit 10 Kabinen auf drei Decks.',
        en: 'Steel yacht with 10 cabins on three decks.',
      },
      images: [await demoImage(tx, folderId, 'MV Atoll Explorer', '#1c7ed6', '#15aabf')],
    })
    .returning();
  if (!vessel) throw new Error('demo seed: no vessel');
  const decks = await tx
    .insert(vesselDecks)
    .values(
      ['Lower deck', 'Main deck', 'Upper deck'].map((name, sort) => ({ vesselId: vessel.id, name, sort })),
    )
    .returning();
  // The lists the crew prints per departure: the manifest for the port authority, the cabins with free berths.
  await tx.insert(vesselLists).values([
    {
      name: 'Port manifest',
      vesselId: vessel.id,
      kind: 'manifest',
      columns: [
        'cabin',
        'lastName',
        'firstName',
        'gender',
        'birthday',
        'nationality',
        'passportNo',
        'passportExpiry',
      ],
      landscape: true,
      sort: 1,
    },
    {
      name: 'Cabin list',
      vesselId: vessel.id,
      kind: 'cabins',
      columns: ['cabin', 'bed', 'name', 'gender', 'bookingId', 'state'],
      sort: 2,
    },
  ]);
  const cabinTypes = await tx
    .insert(roomTypes)
    .values([
      { name: 'Lower Deck Twin (shared)', key: 'TWIN', vesselId: vessel.id, roomTypeOTA: 'Twin', sort: 1 },
      { name: 'Main Deck Double', key: 'DOUBLE', vesselId: vessel.id, sort: 2 },
      { name: 'Upper Deck Suite', key: 'SUITE', vesselId: vessel.id, sort: 3 },
    ])
    .returning();
  const layout = [
    { deck: 0, type: 0, names: ['L1', 'L2', 'L3', 'L4'], shared: true },
    { deck: 1, type: 1, names: ['M1', 'M2', 'M3', 'M4'], shared: false },
    { deck: 2, type: 2, names: ['U1', 'U2'], shared: false },
  ];
  await tx.insert(rooms).values(
    layout.flatMap((part) =>
      part.names.map((name, i) => {
        const beds = bedsOf(2, part.shared ? 'bunk' : 'double');
        return {
          name,
          internalId: name,
          type: 'Cabin',
          vesselId: vessel.id,
          roomTypeId: cabinTypes[part.type]?.id ?? null,
          deckId: decks[part.deck]?.id ?? null,
          deckPosition: { x: 15 + i * 20, y: 50 },
          allowSharedRoom: part.shared,
          availableBeds: beds.length,
          configuration: config(beds, {}, { double: !part.shared, seaview: part.deck === 2 }),
          sort: i + 1,
        };
      }),
    ),
  );
  const tourRows = await tx
    .insert(tours)
    .values([
      {
        name: 'Tubbataha Classic',
        code: 'TUB',
        vesselId: vessel.id,
        destinationId: north?.id ?? null,
        embarkPortId: puerto?.id ?? null,
        disembarkPortId: puerto?.id ?? null,
        nights: 7,
        color: '#1c7ed6',
        description: { de: 'Sechs Tauchtage im Tubbataha-Riff.', en: 'Six diving days on Tubbataha Reef.' },
        itinerary: [
          {
            day: 1,
            title: { de: 'Einschiffung', en: 'Boarding' },
            text: { de: 'Überfahrt in die Sulusee', en: 'Crossing to the Sulu Sea' },
          },
          {
            day: 2,
            title: { de: 'Nordatoll', en: 'North Atoll' },
            text: { de: 'Vier Tauchgänge', en: 'Four dives' },
          },
        ],
      },
      {
        name: 'Visayas Explorer',
        code: 'VIS',
        vesselId: vessel.id,
        destinationId: visayas?.id ?? null,
        embarkPortId: cebu?.id ?? null,
        disembarkPortId: cebu?.id ?? null,
        nights: 7,
        color: '#2f9e44',
        description: { de: 'Bohol, Balicasag und Apo Island.', en: 'Bohol, Balicasag and Apo Island.' },
      },
    ])
    .returning();
  // A year of weekly departures, Saturday to Saturday, alternating the two tours; the first eight are past.
  const first = saturdayFrom(addDays(new Date(), -56));
  await tx.insert(schedules).values(
    Array.from({ length: 52 }, (_, week) => {
      const tour = tourRows[week % 2];
      const from = addDays(first, week * 7);
      return {
        tourId: tour?.id ?? 0,
        vesselId: vessel.id,
        from: iso(from),
        to: iso(addDays(from, 7)),
        embarkPortId: tour?.embarkPortId ?? null,
        disembarkPortId: tour?.disembarkPortId ?? null,
      };
    }),
  );
}

/** Demo inventory: a resort with 30 rooms of 4 types, a liveaboard with 10 cabins on 3 decks and a year of departures. */
export async function seedInventory(tx: Tx) {
  const [folder] = await tx.insert(mediaFolders).values({ name: 'Demo' }).returning();
  const folderId = folder?.id ?? 0;
  await tx.insert(bedTypes).values(
    [
      ['Single', 'single', 'Einzelbett', 'Single bed', 1],
      ['Double', 'double', 'Doppelbett', 'Double bed', 2],
      ['Bunk', 'bunk', 'Etagenbett', 'Bunk bed', 1],
      ['Cot', 'cot', 'Kinderbett', 'Cot', 1],
    ].map(([name, key, de, en, persons], sort) => ({
      name: String(name),
      key: String(key),
      translations: { de: String(de), en: String(en) },
      persons: Number(persons),
      sort,
    })),
  );
  await seedResort(tx, folderId);
  await seedVessel(tx, folderId);
}
