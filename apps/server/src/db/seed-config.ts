import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { bookingCategories, bookingSources, settings, taxes, textblockGroups, textblocks } from './schema.ts';

const COMPANY = {
  name: 'Atoll Demo Divers',
  address: { street: 'Hafenstraße 12', zip: '24937', city: 'Flensburg', country: 'DE' },
  phone: '+49 461 1234560',
  email: 'info@atoll-demo.example',
  website: 'https://atoll-demo.example',
  bank: {
    name: 'Förde Bank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    holder: 'Atoll Demo Divers GmbH',
  },
  taxIds: { vatId: 'DE123456789', taxNumber: '15/293/12345', registry: 'Amtsgericht Flensburg HRB 12345' },
  legal: { name: 'Atoll Demo Divers GmbH', directors: 'Jana Petersen, Lars Holm' },
  // The demo sells stays in the Philippines: travel services enjoyed in a third country (seed-seasons.ts).
  vatExemption: {
    de: 'Steuerfreie Reiseleistung im Drittlandsgebiet nach § 25 Abs. 2 UStG',
    en: 'Tax-exempt travel service in a non-EU country under § 25 (2) German VAT Act (UStG)',
  },
};

const TEXTBLOCKS: { group: string; blocks: { name: string; de: string; en: string }[] }[] = [
  {
    group: 'Booking confirmation',
    blocks: [
      {
        name: 'Greeting',
        de: 'Vielen Dank für Ihre Buchung! Wir freuen uns darauf, mit Ihnen zu tauchen.',
        en: 'Thank you for your booking! We look forward to diving with you.',
      },
      {
        name: 'Equipment',
        de: 'Bitte bringen Sie Ihr Logbuch und Ihren Tauchschein mit. Leihausrüstung ist vor Ort verfügbar.',
        en: 'Please bring your logbook and certification card. Rental equipment is available on site.',
      },
    ],
  },
  {
    group: 'Invoice',
    blocks: [
      {
        name: 'Payment terms',
        de: 'Bitte überweisen Sie 30 % bei Buchung und den Rest spätestens 30 Tage vor Anreise.',
        en: 'Please pay 30 % on booking and the balance at the latest 30 days before arrival.',
      },
      {
        name: 'Cancellation',
        de: 'Bei Stornierung gelten unsere Reisebedingungen; gerne beraten wir Sie zu einer Reiserücktrittsversicherung.',
        en: 'Cancellations follow our terms of travel; ask us about travel cancellation insurance.',
      },
    ],
  },
];

const SOURCES = ['Website', 'Phone', 'E-Mail', 'Agency', 'Walk-in', 'OTA'];
const CATEGORIES = [
  { name: 'Dive package', color: 'blue' },
  { name: 'Liveaboard', color: 'indigo' },
  { name: 'Resort only', color: 'teal' },
  { name: 'Course', color: 'orange' },
];

/** Configuration of the demo installation: company, text blocks, booking lists and taxes. Deterministic. */
export async function seedConfig(tx: Tx) {
  await tx
    .insert(settings)
    .values(Object.entries(COMPANY).map(([key, value]) => ({ group: 'company', key, value })))
    .onConflictDoUpdate({ target: [settings.group, settings.key], set: { value: sql`excluded.value` } });

  for (const [i, { group, blocks }] of TEXTBLOCKS.entries()) {
    const [row] = await tx
      .insert(textblockGroups)
      .values({ name: group, sort: i + 1 })
      .returning({ id: textblockGroups.id });
    if (!row) throw new Error('demo seed: text block group not inserted');
    await tx
      .insert(textblocks)
      .values(
        blocks.map((b, j) => ({ groupId: row.id, name: b.name, text: { de: b.de, en: b.en }, sort: j + 1 })),
      );
  }

  await tx.insert(bookingSources).values(SOURCES.map((name, i) => ({ name, sort: i + 1 })));
  await tx.insert(bookingCategories).values(CATEGORIES.map((c, i) => ({ ...c, sort: i + 1 })));
  await tx.insert(taxes).values([
    { name: 'VAT 19 %', value: '19', inclusive: true, status: 'confirmed', countries: ['DE'] },
    { name: 'VAT 7 %', value: '7', inclusive: true, status: 'aborted', countries: ['DE'] },
  ]);
}
