import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/users/passwords.ts';
import type { Db } from './client.ts';
import { agencies, customers, events, settings, userRoles, users } from './schema.ts';
import { seedAgencies } from './seed-agencies.ts';
import { seedBanks } from './seed-banks.ts';
import { seedConfig } from './seed-config.ts';
import { seedCustomerData } from './seed-customer-data.ts';
import { seedCustomers } from './seed-customers.ts';
import { seedDive } from './seed-dive.ts';
import { seedInventory } from './seed-inventory.ts';
import { seedMail } from './seed-mail.ts';
import { seedPricing } from './seed-pricing.ts';
import { seedReference } from './seed-reference.ts';

const crud = (resource: string) => ['read', 'create', 'update', 'delete'].map((a) => `${resource}.${a}`);

/** The staff role of the demo: the daily work of a reservation office, no user administration. */
export const STAFF_SCOPES = [
  'user',
  'users.self',
  'events.read',
  'agencies.read',
  'agencies.create',
  'agencies.update',
  // Mails of bookings: send, templates, the queue (no accounts: /config/mail is the administrator's).
  'mail.create',
  'mailtemplates.read',
  'mailtemplates.update',
  'mailqueue.read',
  'mailqueue.update',
  // The mail scheduler's rules (reminders before arrival, thanks after departure) and its planned mails.
  ...crud('mailschedule'),
  // Agency sales contests: the office runs them and subscribes agencies (docs/domain/contests.md).
  ...crud('contest'),
  // The bank's statements: import, match and assign (the accounts themselves are the administrator's).
  'banks.read',
  'bankentries.read',
  'bankentries.create',
  'bankentries.update',
  // The counter: tabs, sales and their payments (room tabs charge bookings); deleting a tab is the administrator's.
  'pos.read',
  'pos.create',
  'pos.update',
  ...[
    'bookings',
    'customers',
    'tours',
    'schedules',
    'resort',
    'vessel',
    'price',
    'product',
    'media',
    'todo',
    'forms',
    'formdef',
    // The club's referrals (/crm/referral, switch crmMaster): who brought whom, and the reward as credit.
    'referral',
    'widget',
    // The dive centre: plans, log, sites, types, boats and crew (employees and their worklog).
    'divelog',
    'diveplan',
    'divesite',
    'divetype',
    'diveboat',
    'employee',
  ].flatMap(crud),
];

export const DEMO_LOGINS = [
  { email: 'admin@example.com', password: 'demo-admin', role: 'admin' },
  {
    email: 'staff@example.com',
    password: 'demo-staff',
    role: 'staff (bookings, customers, tours, resort, vessel, price, product, todo, widgets, forms, counter, dive, worklog, contests)',
  },
  {
    email: 'agent@example.com',
    password: 'demo-agent',
    role: 'agency Blue Reef Travel (agencies.self, contest.read)',
  },
  {
    email: 'customer@example.com',
    password: 'demo-customer',
    role: 'customer Maria Sommer (customers.self)',
  },
] as const;

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Demo data for a first start; one transaction, so a crash leaves an empty database to seed again. */
export async function seedDemo(db: Db) {
  await seedReference(db, { demoRates: true });
  const [admin, staff, agent, customer] = await Promise.all(DEMO_LOGINS.map((l) => hashPassword(l.password)));
  const verifiedAt = new Date();
  await db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({ name: 'Blue Reef Travel', type: 'travel', email: 'info@bluereef.example' })
      .returning();
    const [client] = await tx
      .insert(customers)
      .values({
        fullName: 'Maria Sommer',
        masterData: { firstName: 'Maria', lastName: 'Sommer', gender: 'f', nationality: 'DE' },
        contact: { email: 'customer@example.com' },
      })
      .returning();
    const [role] = await tx
      .insert(userRoles)
      .values({ name: 'Staff', description: 'Reservation office', scopes: STAFF_SCOPES })
      .returning();
    if (!agency || !client || !role) throw new Error('demo seed: insert returned no row');
    await tx.insert(users).values([
      {
        email: 'admin@example.com',
        name: 'Demo Admin',
        userType: 'Default',
        scopes: ['admin', 'user'],
        passwordHash: admin,
        verifiedAt,
      },
      {
        email: 'staff@example.com',
        name: 'Demo Staff',
        userType: 'employee',
        roleIds: [role.id],
        passwordHash: staff,
        verifiedAt,
      },
      {
        email: 'agent@example.com',
        name: 'Demo Agent',
        userType: 'agency',
        agencyId: agency.id,
        // Its own agency's records, and the contests on offer (it subscribes its agency to them).
        scopes: ['agencies.self', 'contest.read'],
        passwordHash: agent,
        verifiedAt,
      },
      {
        email: 'customer@example.com',
        name: 'Maria Sommer',
        userType: 'customer',
        customerId: client.id,
        scopes: ['customers.self', 'users.self'],
        passwordHash: customer,
        isCrmUser: true,
        verifiedAt,
      },
    ]);
    await seedAgencies(tx, agency.id);
    await seedCustomers(tx);
    await tx.insert(settings).values([
      { group: 'company', key: 'name', value: 'Atoll Demo Divers' },
      { group: 'auth', key: 'minPasswordLength', value: 8 },
    ]);
    await tx.insert(events).values({ type: 'Information', text: 'welcome', data: {} });
    await seedConfig(tx);
    await seedInventory(tx);
    await seedPricing(tx);
    await seedBanks(tx);
    await seedDive(tx);
    await seedMail(tx);
    // Last: it completes the customers and agencies seeded above.
    await seedCustomerData(tx);
  });
}

/** Without demo data, the first administrator comes from ADMIN_EMAIL and ADMIN_PASSWORD. */
export async function seedAdmin(db: Db, email: string, password: string) {
  await db.insert(users).values({
    email,
    name: 'Administrator',
    scopes: ['admin', 'user'],
    passwordHash: await hashPassword(password),
    verifiedAt: new Date(),
  });
}
