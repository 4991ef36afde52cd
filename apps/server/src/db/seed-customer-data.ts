import type { TCreateCustomerDataGroup, TCustomerData } from '@atoll/domain/customer-data';
import { asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { agencies, creditEntries, customerDataGroups, customerGroups, customers } from './schema.ts';

const GROUPS = [
  { name: 'Stammgäste', description: 'Drei Aufenthalte oder mehr', color: '#0ca678' },
  { name: 'Tauchlehrer', description: 'Reisen mit eigenen Tauchgruppen', color: '#1c7ed6' },
  { name: 'Presse', description: 'Journalisten und Blogger', color: '#ae3ec9' },
];

const level = (value: string, de: string, en: string) => ({ value, label: { de, en } });

const DATA_GROUPS: TCreateCustomerDataGroup[] = [
  {
    name: 'Diving',
    label: { de: 'Tauchen', en: 'Diving' },
    sort: 1,
    fields: [
      {
        key: 'certificationLevel',
        type: 'select',
        label: { de: 'Brevet', en: 'Certification level' },
        options: [
          level('OWD', 'Open Water Diver', 'Open Water Diver'),
          level('AOWD', 'Advanced Open Water Diver', 'Advanced Open Water Diver'),
          level('RESCUE', 'Rescue Diver', 'Rescue Diver'),
          level('DM', 'Divemaster', 'Divemaster'),
          level('INSTR', 'Tauchlehrer', 'Instructor'),
        ],
      },
      { key: 'numberOfDives', type: 'number', label: { de: 'Anzahl Tauchgänge', en: 'Number of dives' } },
      { key: 'lastDive', type: 'date', label: { de: 'Letzter Tauchgang', en: 'Last dive' } },
      { key: 'nitrox', type: 'boolean', label: { de: 'Nitrox-Brevet', en: 'Nitrox certified' } },
    ],
  },
  {
    name: 'Medical',
    label: { de: 'Medizinisches', en: 'Medical' },
    sort: 2,
    fields: [
      {
        key: 'fitnessToDive',
        type: 'date',
        label: { de: 'Tauchtauglich bis', en: 'Fit to dive until' },
      },
      { key: 'notes', type: 'textarea', label: { de: 'Hinweise', en: 'Notes' } },
    ],
  },
];

const DEMO_CUSTOMER_EMAIL = 'customer@example.com';
const DEMO_AGENCY = 'Blue Reef Travel';

/** What the demo customer and the next customers (in id order) get: groups, diving data, credit. */
const CUSTOMER_DEMO = [
  {
    group: 'Stammgäste',
    diving: { certificationLevel: 'AOWD', numberOfDives: 148, lastDive: '2025-10-12', nitrox: true },
    medical: { fitnessToDive: '2026-09-30' },
    credits: [
      ['EUR', '250.00', 'Stornierung: Guthaben statt Erstattung'],
      ['EUR', '-100.00', 'Mit Buchung verrechnet'],
    ],
  },
  {
    group: 'Tauchlehrer',
    diving: { certificationLevel: 'INSTR', numberOfDives: 1240, lastDive: '2025-11-02', nitrox: true },
    medical: { fitnessToDive: '2026-03-31', notes: 'Leichte Laktoseintoleranz' },
    credits: [['USD', '180.00', 'Overpayment of booking']],
  },
  {
    group: 'Presse',
    diving: { certificationLevel: 'OWD', numberOfDives: 22, nitrox: false },
    medical: {},
    credits: [
      ['EUR', '75.50', 'Überzahlung'],
      ['USD', '40.00', 'Overpayment'],
    ],
  },
  {
    group: 'Stammgäste',
    diving: { certificationLevel: 'RESCUE', numberOfDives: 310 },
    medical: {},
    credits: [],
  },
] as const;

const AGENCY_CREDITS = [
  ['EUR', '500.00', 'Provision gutgeschrieben (Bruttomodus)'],
  ['EUR', '-120.00', 'Mit Buchung verrechnet'],
  ['USD', '300.00', 'Commission credited'],
] as const;

/**
 * Customer groups, the data groups "Diving" and "Medical", and demo values and credit for the demo
 * customer, a few further customers (the first in id order) and Blue Reef Travel. Runs after the
 * customers and agencies are seeded; whatever is not there is skipped.
 */
export async function seedCustomerData(tx: Tx) {
  const groups = await tx.insert(customerGroups).values(GROUPS).returning();
  const dataGroups = await tx.insert(customerDataGroups).values(DATA_GROUPS).returning();
  const groupId = (name: string) => groups.find((g) => g.name === name)?.id ?? null;
  const [diving, medical] = dataGroups;
  if (!diving || !medical) throw new Error('customer data seed: insert returned no row');

  for (const [i, customer] of (await demoCustomers(tx)).entries()) {
    const demo = CUSTOMER_DEMO[i];
    if (!demo) break;
    const data: TCustomerData = { [diving.id]: { ...demo.diving } };
    if (Object.keys(demo.medical).length > 0) data[medical.id] = { ...demo.medical };
    await tx
      .update(customers)
      .set({ groupId: groupId(demo.group), data: { ...(customer.data as object), ...data } })
      .where(eq(customers.id, customer.id));
    if (demo.credits.length > 0) {
      await tx.insert(creditEntries).values(
        demo.credits.map(([currency, amount, note]) => ({
          customerId: customer.id,
          currency,
          amount,
          note,
        })),
      );
    }
  }

  const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, DEMO_AGENCY));
  if (agency) {
    await tx
      .insert(creditEntries)
      .values(
        AGENCY_CREDITS.map(([currency, amount, note]) => ({ agencyId: agency.id, currency, amount, note })),
      );
  }
}

/** The demo customer first, then the three customers with the lowest ids. */
async function demoCustomers(tx: Tx) {
  const isDemo = or(
    eq(customers.email, DEMO_CUSTOMER_EMAIL),
    sql`${customers.contact} ->> 'email' = ${DEMO_CUSTOMER_EMAIL}`,
  );
  const [demo] = await tx.select().from(customers).where(isDemo).orderBy(asc(customers.id)).limit(1);
  const others = await tx
    .select()
    .from(customers)
    .where(demo ? ne(customers.id, demo.id) : undefined)
    .orderBy(asc(customers.id))
    .limit(CUSTOMER_DEMO.length - (demo ? 1 : 0));
  return demo ? [demo, ...others] : others;
}
