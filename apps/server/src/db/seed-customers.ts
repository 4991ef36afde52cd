import type { TCustomerType, TGender } from '@atoll/domain/customers';
import { eq } from 'drizzle-orm';
import { applyInput, columnsOf, stateOf } from '../modules/customers/customer-state.ts';
import type { Tx } from './client.ts';
import { agencies, customers } from './schema.ts';

type TNation = {
  code: string;
  language: 'de' | 'en';
  calling: string;
  male: string[];
  female: string[];
  last: string[];
  places: [zip: string, city: string, street: string][];
};

const NATIONS: TNation[] = [
  {
    code: 'DE',
    language: 'de',
    calling: '+49',
    male: ['Jonas', 'Lukas', 'Felix', 'Matthias', 'Jürgen'],
    female: ['Anna', 'Lena', 'Sabine', 'Katrin', 'Jana'],
    last: ['Müller', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann'],
    places: [
      ['20457', 'Hamburg', 'Hafenstraße'],
      ['80331', 'München', 'Sendlinger Straße'],
      ['50667', 'Köln', 'Hohe Straße'],
    ],
  },
  {
    code: 'AT',
    language: 'de',
    calling: '+43',
    male: ['Florian', 'Stefan', 'Andreas'],
    female: ['Magdalena', 'Theresa', 'Christina'],
    last: ['Gruber', 'Huber', 'Wagner', 'Pichler'],
    places: [
      ['1010', 'Wien', 'Kärntner Straße'],
      ['5020', 'Salzburg', 'Getreidegasse'],
    ],
  },
  {
    code: 'CH',
    language: 'de',
    calling: '+41',
    male: ['Reto', 'Urs', 'Beat'],
    female: ['Nicole', 'Corinne', 'Seraina'],
    last: ['Meier', 'Keller', 'Brunner', 'Baumann'],
    places: [
      ['8001', 'Zürich', 'Bahnhofstrasse'],
      ['3011', 'Bern', 'Marktgasse'],
    ],
  },
  {
    code: 'NL',
    language: 'en',
    calling: '+31',
    male: ['Daan', 'Sem', 'Bram'],
    female: ['Sanne', 'Fleur', 'Anouk'],
    last: ['de Jong', 'Jansen', 'de Vries', 'Bakker'],
    places: [
      ['1012', 'Amsterdam', 'Damrak'],
      ['3511', 'Utrecht', 'Oudegracht'],
    ],
  },
  {
    code: 'GB',
    language: 'en',
    calling: '+44',
    male: ['Oliver', 'Harry', 'George'],
    female: ['Amelia', 'Olivia', 'Emily'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown'],
    places: [
      ['SW1A 1AA', 'London', 'Whitehall'],
      ['M1 1AE', 'Manchester', 'Market Street'],
    ],
  },
  {
    code: 'US',
    language: 'en',
    calling: '+1',
    male: ['James', 'Michael', 'Robert'],
    female: ['Jennifer', 'Jessica', 'Ashley'],
    last: ['Johnson', 'Williams', 'Miller', 'Davis'],
    places: [
      ['94103', 'San Francisco', 'Market Street'],
      ['10001', 'New York', '7th Avenue'],
    ],
  },
  {
    code: 'FR',
    language: 'en',
    calling: '+33',
    male: ['Louis', 'Hugo', 'Théo'],
    female: ['Camille', 'Léa', 'Chloé'],
    last: ['Martin', 'Bernard', 'Dubois', 'Lefèvre'],
    places: [
      ['75001', 'Paris', 'Rue de Rivoli'],
      ['69002', 'Lyon', 'Rue de la République'],
    ],
  },
  {
    code: 'IT',
    language: 'en',
    calling: '+39',
    male: ['Marco', 'Luca', 'Giovanni'],
    female: ['Giulia', 'Francesca', 'Chiara'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito'],
    places: [
      ['00184', 'Roma', 'Via Nazionale'],
      ['20121', 'Milano', 'Via Manzoni'],
    ],
  },
  {
    code: 'PH',
    language: 'en',
    calling: '+63',
    male: ['Jose', 'Mark', 'Paolo'],
    female: ['Maricel', 'Angelica', 'Kristine'],
    last: ['Santos', 'Reyes', 'Cruz', 'Bautista'],
    places: [
      ['1226', 'Makati', 'Ayala Avenue'],
      ['6000', 'Cebu City', 'Osmeña Boulevard'],
    ],
  },
  {
    code: 'JP',
    language: 'en',
    calling: '+81',
    male: ['Haruto', 'Yuto', 'Sota'],
    female: ['Yui', 'Hina', 'Sakura'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka'],
    places: [
      ['100-0005', 'Tokyo', 'Marunouchi'],
      ['530-0001', 'Osaka', 'Umeda'],
    ],
  },
];

export const DEMO_CUSTOMER_COUNT = 120;

/** mulberry32: a small seeded generator, so that every demo database holds the same people. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const pad = (n: number) => String(n).padStart(2, '0');

/** Every 8th person is a child: born 2 to 10 years before the seed, so that the demo keeps its children. */
function birthdayOf(i: number, next: () => number, year: number) {
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  const born = i % 8 === 5 ? year - 2 - (i % 9) : 1950 + Math.floor(next() * 52);
  return `${born}-${pad(month)}-${pad(day)}`;
}

function customerType(i: number): TCustomerType {
  if (i % 40 === 7) return 'System';
  if (i % 30 === 11) return 'API';
  if (i % 15 === 3) return 'Employee';
  return 'Default';
}

function person(i: number, next: () => number, year: number, agencyId: number | null) {
  const nation = NATIONS[i % NATIONS.length] as TNation;
  const gender: TGender = next() < 0.5 ? 'f' : 'm';
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const firstName = pick(gender === 'f' ? nation.female : nation.male);
  const lastName = pick(nation.last);
  const [zip, city, street] = pick(nation.places);
  // A few people only ever told their age.
  const fixedAge = i % 23 === 9;
  const phone = `${nation.calling} ${100 + Math.floor(next() * 900)} ${1_000_000 + Math.floor(next() * 9_000_000)}`;
  return applyInput({
    masterData: {
      firstName,
      lastName,
      gender,
      birthday: fixedAge ? null : birthdayOf(i, next, year),
      permanentAge: fixedAge ? 30 + (i % 40) : null,
      nationality: nation.code,
      title: i % 17 === 4 ? 'Dr.' : null,
    },
    // Every 9th has no e-mail: lists and mails must cope with that.
    contact: {
      email: i % 9 === 2 ? null : `${ascii(firstName)}.${ascii(lastName)}.${i + 1}@example.com`,
      phone,
    },
    address: { street: `${street} ${1 + Math.floor(next() * 120)}`, zip, city, country: nation.code },
    passport:
      i % 4 === 0 ? { number: `P${nation.code}${100000 + i * 7919}`, nationality: nation.code } : undefined,
    customerType: customerType(i),
    agencyId: i % 6 === 1 ? agencyId : null,
    language: nation.language,
    internalNote: i % 10 === 0 ? 'Prefers a lower bunk; vegetarian meals.' : null,
  });
}

/**
 * Demo customers beside Maria Sommer (seed.ts): both genders, children, ten nationalities, some booked
 * through Blue Reef Travel, some employees and system records; enough for lists to page. Also brings
 * rows inserted without them (Maria) their typed columns.
 */
export async function seedCustomers(tx: Tx) {
  const [agency] = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.name, 'Blue Reef Travel'));
  for (const row of await tx.select().from(customers)) {
    await tx
      .update(customers)
      .set(columnsOf(stateOf(row)))
      .where(eq(customers.id, row.id));
  }
  const next = random(20_240_611);
  const year = new Date().getUTCFullYear();
  const now = Date.now();
  const values = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, i) => {
    const createdAt = new Date(now - i * 3 * 86_400_000);
    return { ...columnsOf(person(i, next, year, agency?.id ?? null)), createdAt, updatedAt: createdAt };
  });
  // No version snapshots: later seeds still complete these rows (data groups), and the first change of
  // a customer snapshots the version it replaces (customers.service.ts).
  await tx.insert(customers).values(values);
}
