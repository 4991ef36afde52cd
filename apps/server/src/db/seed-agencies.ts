import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { agencies, agencyContacts, agencyGroups, agencyLinks } from './schema.ts';

type TSeedAgency = {
  name: string;
  type?: 'travel' | 'resell' | 'employee';
  group: string;
  city: string;
  zip: string;
  street: string;
  country: string;
  domain: string;
  phone: string;
  contacts: [name: string, position: string][];
  isActive?: boolean;
  note?: string;
  /** A fixed default commission percent; else one from the agency's place in the list. */
  commission?: string;
};

const GROUPS = [
  { name: 'Germany', description: 'Travel agencies in Germany', color: '#228be6' },
  { name: 'Switzerland & Austria', description: 'Alpine countries', color: '#fa5252' },
  { name: 'Benelux', description: 'Netherlands, Belgium, Luxembourg', color: '#fd7e14' },
  { name: 'United Kingdom', description: 'England, Scotland, Wales', color: '#4c6ef5' },
  { name: 'North America', description: 'USA and Canada', color: '#12b886' },
  { name: 'Partners Asia', description: 'Partner agencies in Asia', color: '#be4bdb' },
];

/** Language and currency by country: how the operator writes to and invoices the agency. */
const LOCALE: Record<string, { language: 'de' | 'en'; currency: string }> = {
  DE: { language: 'de', currency: 'EUR' },
  AT: { language: 'de', currency: 'EUR' },
  CH: { language: 'de', currency: 'CHF' },
  NL: { language: 'en', currency: 'EUR' },
  BE: { language: 'en', currency: 'EUR' },
  LU: { language: 'de', currency: 'EUR' },
  GB: { language: 'en', currency: 'GBP' },
  US: { language: 'en', currency: 'USD' },
  PH: { language: 'en', currency: 'PHP' },
};

// Blue Reef Travel, the demo agent's agency, is created in seed.ts and completed here.
// Its 15 % agrees with its commission special and its commission row (seed-pricing.ts).
const BLUE_REEF: TSeedAgency = {
  name: 'Blue Reef Travel',
  commission: '15.00',
  group: 'Germany',
  street: 'Große Elbstraße 145',
  zip: '22767',
  city: 'Hamburg',
  country: 'DE',
  domain: 'bluereef.example',
  phone: '+49 40 3861 2200',
  contacts: [
    ['Jana Petersen', 'Managing director'],
    ['Tobias Krüger', 'Dive travel consultant'],
  ],
};

const AGENCIES: TSeedAgency[] = [
  {
    name: 'Tauchreisen Nord GmbH',
    group: 'Germany',
    street: 'Holstenstraße 12',
    zip: '24103',
    city: 'Kiel',
    country: 'DE',
    domain: 'tauchreisen-nord.example',
    phone: '+49 431 998 140',
    contacts: [
      ['Sönke Hansen', 'Owner'],
      ['Merle Jensen', 'Bookings'],
    ],
  },
  {
    name: 'Abtauchen Reisen',
    group: 'Germany',
    street: 'Leopoldstraße 88',
    zip: '80802',
    city: 'München',
    country: 'DE',
    domain: 'abtauchen-reisen.example',
    phone: '+49 89 2158 330',
    contacts: [['Florian Huber', 'Managing director']],
  },
  {
    name: 'Korallenwelt Reisen',
    group: 'Germany',
    street: 'Ehrenstraße 41',
    zip: '50672',
    city: 'Köln',
    country: 'DE',
    domain: 'korallenwelt.example',
    phone: '+49 221 7788 410',
    contacts: [
      ['Anke Schmitz', 'Travel consultant'],
      ['Dirk Wagner', 'Accounting'],
    ],
  },
  {
    name: 'Meeresblick Tauchsport',
    group: 'Germany',
    street: 'Königstraße 27',
    zip: '70173',
    city: 'Stuttgart',
    country: 'DE',
    domain: 'meeresblick-tauchsport.example',
    phone: '+49 711 4402 19',
    contacts: [['Julia Böhm', 'Owner']],
  },
  {
    name: 'Aqua Tours Berlin',
    group: 'Germany',
    street: 'Oranienstraße 183',
    zip: '10999',
    city: 'Berlin',
    country: 'DE',
    domain: 'aquatours-berlin.example',
    phone: '+49 30 6128 7750',
    contacts: [
      ['Kemal Yıldız', 'Managing director'],
      ['Lea Neumann', 'Groups'],
    ],
  },
  {
    name: 'Sporttaucher Reisebüro Frankfurt',
    group: 'Germany',
    street: 'Berger Straße 211',
    zip: '60385',
    city: 'Frankfurt am Main',
    country: 'DE',
    domain: 'sporttaucher-ffm.example',
    phone: '+49 69 4305 228',
    contacts: [['Markus Weber', 'Owner']],
  },
  {
    name: 'Nordlicht Reisen',
    group: 'Germany',
    street: 'Am Wall 164',
    zip: '28195',
    city: 'Bremen',
    country: 'DE',
    domain: 'nordlicht-reisen.example',
    phone: '+49 421 3390 85',
    contacts: [['Frauke Meyer', 'Travel consultant']],
    isActive: false,
    note: 'Closed for the season 2025; reopening unclear.',
  },
  {
    name: 'Riffwärts Tauchreisen',
    group: 'Germany',
    street: 'Karl-Liebknecht-Straße 59',
    zip: '04275',
    city: 'Leipzig',
    country: 'DE',
    domain: 'riffwaerts.example',
    phone: '+49 341 2259 610',
    contacts: [
      ['Stefan Lange', 'Owner'],
      ['Paula Richter', 'Bookings'],
    ],
  },
  {
    name: 'Blauwasser Reisen',
    group: 'Germany',
    street: 'Lorettostraße 23',
    zip: '40219',
    city: 'Düsseldorf',
    country: 'DE',
    domain: 'blauwasser.example',
    phone: '+49 211 9173 040',
    contacts: [['Nicole Becker', 'Managing director']],
  },
  {
    name: 'Tiefblau Reisen AG',
    group: 'Switzerland & Austria',
    street: 'Badenerstrasse 120',
    zip: '8004',
    city: 'Zürich',
    country: 'CH',
    domain: 'tiefblau.example',
    phone: '+41 44 381 22 90',
    contacts: [
      ['Reto Brunner', 'CEO'],
      ['Sandra Keller', 'Product manager'],
    ],
  },
  {
    name: 'Lac Léman Plongée Voyages',
    group: 'Switzerland & Austria',
    street: 'Avenue de la Gare 9',
    zip: '1003',
    city: 'Lausanne',
    country: 'CH',
    domain: 'leman-plongee.example',
    phone: '+41 21 312 48 77',
    contacts: [['Claire Favre', 'Directrice']],
  },
  {
    name: 'Alpen-Taucher Reisen',
    group: 'Switzerland & Austria',
    street: 'Maria-Theresien-Straße 18',
    zip: '6020',
    city: 'Innsbruck',
    country: 'AT',
    domain: 'alpen-taucher.example',
    phone: '+43 512 560 733',
    contacts: [['Lukas Hofer', 'Owner']],
  },
  {
    name: 'Wiener Tauchreisen',
    group: 'Switzerland & Austria',
    street: 'Mariahilfer Straße 77',
    zip: '1060',
    city: 'Wien',
    country: 'AT',
    domain: 'wiener-tauchreisen.example',
    phone: '+43 1 586 21 40',
    contacts: [
      ['Elisabeth Gruber', 'Managing director'],
      ['Michael Pichler', 'Bookings'],
    ],
  },
  {
    name: 'Duikreizen Oranje',
    group: 'Benelux',
    street: 'Prinsengracht 412',
    zip: '1016 JC',
    city: 'Amsterdam',
    country: 'NL',
    domain: 'duikreizen-oranje.example',
    phone: '+31 20 624 1180',
    contacts: [
      ['Sanne de Vries', 'Eigenaar'],
      ['Joost Bakker', 'Reisadviseur'],
    ],
  },
  {
    name: 'Zeester Duikvakanties',
    group: 'Benelux',
    street: 'Witte de Withstraat 51',
    zip: '3012 BN',
    city: 'Rotterdam',
    country: 'NL',
    domain: 'zeester.example',
    phone: '+31 10 413 6620',
    contacts: [['Pieter Visser', 'Directeur']],
  },
  {
    name: 'Blauwe Lagune Reizen',
    group: 'Benelux',
    street: 'Oudegracht 198',
    zip: '3511 NR',
    city: 'Utrecht',
    country: 'NL',
    domain: 'blauwe-lagune.example',
    phone: '+31 30 231 0945',
    contacts: [['Femke Jansen', 'Reisadviseur']],
  },
  {
    name: 'Plongée Horizon',
    group: 'Benelux',
    street: 'Rue du Marché au Charbon 30',
    zip: '1000',
    city: 'Bruxelles',
    country: 'BE',
    domain: 'plongee-horizon.example',
    phone: '+32 2 512 77 30',
    contacts: [['Antoine Dubois', 'Gérant']],
  },
  {
    name: 'Noordzee Duikcentrum Reizen',
    group: 'Benelux',
    street: 'Meir 64',
    zip: '2000',
    city: 'Antwerpen',
    country: 'BE',
    domain: 'noordzee-duik.example',
    phone: '+32 3 226 14 90',
    contacts: [
      ['Wout Peeters', 'Zaakvoerder'],
      ['Lotte Maes', 'Boekingen'],
    ],
  },
  {
    name: 'Lux Dive Travel',
    group: 'Benelux',
    street: 'Grand-Rue 15',
    zip: '1661',
    city: 'Luxembourg',
    country: 'LU',
    domain: 'luxdive.example',
    phone: '+352 26 20 41 1',
    contacts: [['Marc Weber', 'Owner']],
  },
  {
    name: 'Coral Coast Holidays',
    group: 'United Kingdom',
    street: '22 Ship Street',
    zip: 'BN1 1AD',
    city: 'Brighton',
    country: 'GB',
    domain: 'coralcoast.example',
    phone: '+44 1273 620 415',
    contacts: [
      ['Emma Clarke', 'Director'],
      ['Oliver Hughes', 'Reservations'],
    ],
  },
  {
    name: 'Deep Blue Expeditions Ltd',
    group: 'United Kingdom',
    street: '8 Clerkenwell Green',
    zip: 'EC1R 0DE',
    city: 'London',
    country: 'GB',
    domain: 'deepblue-expeditions.example',
    phone: '+44 20 7253 8810',
    contacts: [
      ['James Whitfield', 'Managing director'],
      ['Priya Shah', 'Liveaboard specialist'],
    ],
  },
  {
    name: 'Manta Travel',
    group: 'United Kingdom',
    street: '47 Deansgate',
    zip: 'M3 2AY',
    city: 'Manchester',
    country: 'GB',
    domain: 'manta-travel.example',
    phone: '+44 161 834 2290',
    contacts: [['Sophie Turner', 'Owner']],
  },
  {
    name: 'Thistle Dive Tours',
    group: 'United Kingdom',
    street: '105 Rose Street',
    zip: 'EH2 3DT',
    city: 'Edinburgh',
    country: 'GB',
    domain: 'thistle-dive.example',
    phone: '+44 131 225 4471',
    contacts: [['Callum Fraser', 'Owner']],
    isActive: false,
    note: 'Unpaid invoices 2024; no new bookings on credit.',
  },
  {
    name: 'Atlantic Edge Diving',
    group: 'United Kingdom',
    street: '3 The Barbican',
    zip: 'PL1 2LR',
    city: 'Plymouth',
    country: 'GB',
    domain: 'atlantic-edge.example',
    phone: '+44 1752 228 903',
    contacts: [['Rhys Evans', 'Dive travel manager']],
  },
  {
    name: 'Pacific Dive Adventures',
    group: 'North America',
    street: '1450 Harbor Island Dr',
    zip: 'CA 92101',
    city: 'San Diego',
    country: 'US',
    domain: 'pacific-dive.example',
    phone: '+1 619 555 0142',
    contacts: [
      ['Megan Rodriguez', 'President'],
      ['Tyler Brooks', 'Group trips'],
    ],
  },
  {
    name: 'Keys Scuba Travel',
    group: 'North America',
    street: '2400 Biscayne Blvd',
    zip: 'FL 33137',
    city: 'Miami',
    country: 'US',
    domain: 'keys-scuba.example',
    phone: '+1 305 555 0178',
    contacts: [['Carlos Mendez', 'Owner']],
  },
  {
    name: 'Great Lakes Dive Club Travel',
    group: 'North America',
    street: '833 W Armitage Ave',
    zip: 'IL 60614',
    city: 'Chicago',
    country: 'US',
    domain: 'greatlakes-dive.example',
    phone: '+1 312 555 0106',
    contacts: [['Rachel Kowalski', 'Trip coordinator']],
  },
  {
    name: 'Lone Star Scuba Tours',
    group: 'North America',
    street: '1101 S Congress Ave',
    zip: 'TX 78704',
    city: 'Austin',
    country: 'US',
    domain: 'lonestar-scuba.example',
    phone: '+1 512 555 0133',
    contacts: [
      ['Dustin Hale', 'Owner'],
      ['Amber Nguyen', 'Bookings'],
    ],
  },
  {
    name: 'Northwest Divers Travel',
    group: 'North America',
    street: '2025 Western Ave',
    zip: 'WA 98121',
    city: 'Seattle',
    country: 'US',
    domain: 'nw-divers.example',
    phone: '+1 206 555 0191',
    contacts: [['Kenji Sato', 'Travel manager']],
  },
  {
    name: 'Manila Bay Dive Tours',
    group: 'Partners Asia',
    street: '1780 Roxas Boulevard',
    zip: '1004',
    city: 'Manila',
    country: 'PH',
    domain: 'manilabay-dive.example',
    phone: '+63 2 8521 4470',
    contacts: [
      ['Maria Santos', 'General manager'],
      ['Paolo Reyes', 'Reservations'],
    ],
  },
  {
    name: 'Visayas Sea Journeys',
    group: 'Partners Asia',
    street: 'Osmeña Boulevard 88',
    zip: '6000',
    city: 'Cebu City',
    country: 'PH',
    domain: 'visayas-sea.example',
    phone: '+63 32 255 8190',
    contacts: [['Angelica Cruz', 'Owner']],
  },
  {
    name: 'Andaman Blue Travel',
    group: 'Partners Asia',
    street: '57/3 Rat-U-Thit Road',
    zip: '83150',
    city: 'Phuket',
    country: 'TH',
    domain: 'andaman-blue.example',
    phone: '+66 76 345 120',
    contacts: [['Somchai Wongsakul', 'Managing director']],
  },
  {
    name: 'Bali Reef Partners',
    group: 'Partners Asia',
    street: 'Jl. Danau Tamblingan 64',
    zip: '80228',
    city: 'Denpasar',
    country: 'ID',
    domain: 'bali-reef.example',
    phone: '+62 361 288 415',
    contacts: [
      ['Made Wirawan', 'Owner'],
      ['Putu Ayu Lestari', 'Bookings'],
    ],
  },
  {
    name: 'Tokyo Umi Diving Travel',
    group: 'Partners Asia',
    street: '3-14-5 Ebisu, Shibuya-ku',
    zip: '150-0013',
    city: 'Tokyo',
    country: 'JP',
    domain: 'umi-diving.example',
    phone: '+81 3 5420 7712',
    contacts: [['Haruka Tanaka', 'Travel planner']],
  },
  {
    name: 'Lion City Dive Travel',
    group: 'Partners Asia',
    street: '80 Marine Parade Road #05-12',
    zip: '449269',
    city: 'Singapore',
    country: 'SG',
    domain: 'lioncity-dive.example',
    phone: '+65 6344 2187',
    contacts: [['Wei Ling Tan', 'Director']],
  },
  {
    name: 'Hong Kong Coral Travel',
    group: 'Partners Asia',
    street: '28 Hankow Road, Tsim Sha Tsui',
    zip: '',
    city: 'Hong Kong',
    country: 'HK',
    domain: 'hk-coral.example',
    phone: '+852 2366 4180',
    contacts: [['Kelvin Cheung', 'Manager']],
  },
  {
    name: 'Seoul Blue Dive Tours',
    group: 'Partners Asia',
    street: '45 Itaewon-ro, Yongsan-gu',
    zip: '04349',
    city: 'Seoul',
    country: 'KR',
    domain: 'seoulblue.example',
    phone: '+82 2 795 3340',
    contacts: [['Ji-woo Park', 'Team lead']],
  },
  {
    name: 'Ocean Partners Wholesale',
    type: 'resell',
    group: 'Germany',
    street: 'Lyoner Straße 14',
    zip: '60528',
    city: 'Frankfurt am Main',
    country: 'DE',
    domain: 'ocean-partners.example',
    phone: '+49 69 6655 1020',
    contacts: [
      ['Christian Vogel', 'Head of contracting'],
      ['Svenja Koch', 'Allotments'],
    ],
    note: 'Net rates; resells to 60+ agencies.',
  },
  {
    name: 'DiveConnect Reseller BV',
    type: 'resell',
    group: 'Benelux',
    street: 'Stationsplein 45',
    zip: '3013 AK',
    city: 'Rotterdam',
    country: 'NL',
    domain: 'diveconnect.example',
    phone: '+31 10 799 4410',
    contacts: [['Bram Smit', 'Account manager']],
  },
  {
    name: 'Asia Dive Wholesale Ltd',
    type: 'resell',
    group: 'Partners Asia',
    street: '9 Raffles Place #21-01',
    zip: '048619',
    city: 'Singapore',
    country: 'SG',
    domain: 'asia-dive-wholesale.example',
    phone: '+65 6532 9910',
    contacts: [['Daniel Lim', 'Contracting']],
  },
  {
    name: 'Crew & Staff Bookings',
    type: 'employee',
    group: 'Partners Asia',
    street: 'Barangay San Teodoro',
    zip: '4203',
    city: 'Mabini',
    country: 'PH',
    domain: 'atoll-demo.example',
    phone: '+63 917 555 0160',
    contacts: [['Rowena Dela Cruz', 'Office manager']],
    note: 'Bookings of our own crew and their families.',
  },
  {
    name: 'Instructor Referrals',
    type: 'employee',
    group: 'Germany',
    street: 'Große Elbstraße 145',
    zip: '22767',
    city: 'Hamburg',
    country: 'DE',
    domain: 'atoll-demo.example',
    phone: '+49 40 3861 2299',
    contacts: [['Nils Brandt', 'Freelance instructor']],
  },
];

/** ISO 13616 check digits, so that the demo IBANs pass real validators. */
function iban(country: string, bban: string) {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** Deterministic bank data from the agency's position in the list (never a real account). */
function bank(name: string, country: string, i: number) {
  const account = String(1_000_000_000 + i * 7_919).padStart(10, '0');
  const bbans: Record<string, string> = {
    DE: `${String(20_040_000 + i).padStart(8, '0')}${account}`,
    AT: `${String(12_000 + i).padStart(5, '0')}${account.slice(-11).padStart(11, '0')}`,
    NL: `INGB${account}`,
    GB: `NWBK${String(600_000 + i)}${account.slice(-8)}`,
  };
  const bban = bbans[country];
  if (!bban) return { bankName: 'Local bank (on file)', accountHolder: name };
  const banks: Record<string, string> = {
    DE: 'Hamburger Sparkasse',
    AT: 'Erste Bank',
    NL: 'ING Bank',
    GB: 'NatWest',
  };
  return { bankName: banks[country], accountHolder: name, iban: iban(country, bban) };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)[0];

function values(a: TSeedAgency, i: number, groupId: number) {
  const locale = LOCALE[a.country] ?? { language: 'en' as const, currency: 'USD' };
  const type = a.type ?? 'travel';
  // 10 to 20 percent in half-percent steps; resellers and staff have their fixed terms.
  const commission =
    a.commission ??
    (type === 'resell' ? '20.00' : type === 'employee' ? '10.00' : (10 + ((i * 13) % 21) / 2).toFixed(2));
  return {
    name: a.name,
    type,
    email: `info@${a.domain}`,
    phone: a.phone,
    website: `https://www.${a.domain}`,
    groupId,
    address: { street: a.street, zip: a.zip, city: a.city, country: a.country },
    taxId: a.country === 'DE' ? `DE${String(811_000_000 + i * 1_237)}` : null,
    language: locale.language,
    currency: locale.currency,
    commission,
    commissionMode: type === 'resell' ? 'subtract' : 'included',
    creditLimit: type === 'travel' && i % 3 === 0 ? String(5_000 + (i % 5) * 2_500) : null,
    bank: bank(a.name, a.country, i),
    isActive: a.isActive ?? true,
    internalNote: a.note ?? null,
  };
}

function contacts(a: TSeedAgency, agencyId: number) {
  const domain = a.domain;
  return a.contacts.map(([name, position], i) => ({
    agencyId,
    name,
    position,
    email: `${slug(name)}@${domain}`,
    phone: `${a.phone.slice(0, -1)}${i + 1}`,
    isPrimary: i === 0,
  }));
}

/** Agency groups, about 40 agencies with contacts, and Blue Reef Travel (id `blueReefId`) completed. */
export async function seedAgencies(tx: Tx, blueReefId: number) {
  const groups = await tx.insert(agencyGroups).values(GROUPS).returning();
  const groupId = (name: string) => {
    const group = groups.find((g) => g.name === name);
    if (!group) throw new Error(`demo seed: no agency group ${name}`);
    return group.id;
  };

  await tx
    .update(agencies)
    .set(values(BLUE_REEF, 0, groupId(BLUE_REEF.group)))
    .where(eq(agencies.id, blueReefId));
  const rows = await tx
    .insert(agencies)
    .values(AGENCIES.map((a, i) => values(a, i + 1, groupId(a.group))))
    .returning({ id: agencies.id, name: agencies.name });
  const all = [
    { id: blueReefId, seed: BLUE_REEF },
    ...rows.map((r, i) => ({ id: r.id, seed: AGENCIES[i] as TSeedAgency })),
  ];
  await tx.insert(agencyContacts).values(all.flatMap((a) => contacts(a.seed, a.id)));

  // Identities in a connected booking channel for the partners that sell through it.
  await tx.insert(agencyLinks).values(
    all
      .filter((_, i) => i % 4 === 0)
      .map((a, i) => ({
        agencyId: a.id,
        system: 'channel',
        external: `AG-${String(1001 + i)}`,
        data: { since: '2024-01-15' },
      })),
  );
}
