// The demo season on a fresh database with the base demo data: its shape (states, kinds, agencies, money,
// documents, dates around today) and that every booking's total is the sum of its counted lines.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, countedCents } from '../../../test/booking-test-world.ts';
import { checkCii } from '../../../test/en16931-check.ts';
import { createTestDatabase } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { invoiceXrechnung } from '../../modules/documents/einvoice.flow.ts';
import type { Database } from '../client.ts';
import { invoices } from '../schema.ts';
import { seasonServices, seedSeason, type TSeasonSummary } from './seed-season.ts';

let database: Database;
let summary: TSeasonSummary;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  summary = await seedSeason(seasonServices(database, loadConfig({})));
  // The whole season through the flows: ~20 s on a quiet host, minutes on a loaded 2-core CI machine.
}, 600_000);
afterAll(() => database?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows: T[] };
  return result.rows;
}
async function countBy(query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const found = await rows<{ k: string; n: number }>(query);
  return Object.fromEntries(found.map((r) => [String(r.k), Number(r.n)]));
}

describe('the demo season', () => {
  it('makes about 300 bookings through the flows, none refused', async () => {
    expect(summary.skipped).toEqual([]);
    expect(summary.bookings).toBeGreaterThanOrEqual(250);
    expect(summary.bookings).toBeLessThanOrEqual(360);
    console.info(`demo season: ${summary.bookings} bookings in ${(summary.ms / 1000).toFixed(1)} s`);
  });

  it('has bookings in every state and of every kind', async () => {
    const states = await countBy(sql`select state k, count(*)::int n from bookings group by state`);
    for (const state of ['draft', 'planned', 'confirmed', 'waiting', 'aborted', 'freed', 'rebooked'])
      expect(states[state], state).toBeGreaterThan(0);
    const types = await countBy(sql`select type k, count(*)::int n from bookings group by type`);
    for (const type of ['resort', 'vessel', 'charter', 'mixed']) expect(types[type], type).toBeGreaterThan(0);
    const [links] = await rows<{ split: number; rebooked: number }>(sql`
      select count(*) filter (where r->>'kind' = 'splitTo')::int split,
             count(*) filter (where r->>'kind' = 'rebookedTo')::int rebooked
      from bookings, jsonb_array_elements("references") r`);
    expect(links?.split).toBeGreaterThan(0);
    expect(links?.rebooked).toBeGreaterThan(0);
    const [stays] = await rows<{ berths: number; checkedOut: number; inHouse: number }>(sql`
      select count(*) filter (where not whole)::int berths,
             count(*) filter (where check_out is not null)::int "checkedOut",
             count(*) filter (where check_in is not null and check_out is null)::int "inHouse"
      from booking_rooms`);
    expect(stays?.berths).toBeGreaterThan(0);
    expect(stays?.checkedOut).toBeGreaterThan(0);
    expect(stays?.inHouse).toBeGreaterThan(0);
    const [fees] = await rows<{ n: number }>(
      sql`select count(*)::int n from bookings where state = 'aborted' and total > 0`,
    );
    expect(fees?.n).toBeGreaterThan(0);
  });

  it('knows the age of most guests, for the report of guests by age', async () => {
    const [ages] = await rows<{ known: number; all: number }>(sql`
      select count(*) filter (where coalesce(g.age, c.permanent_age, extract(year from age(c.birthday))) is not null)::int known,
             count(*)::int "all"
      from booking_guests g left join customers c on c.id = g.customer_id`);
    expect(ages?.known).toBeGreaterThan((ages?.all ?? 0) * 0.7);
  });

  it('confirms some bookings that began as offers or options, reserved and confirmed later', async () => {
    const [funnel] = await rows<{
      fromOffer: number;
      fromOption: number;
      outOfOrder: number;
      later: number;
    }>(sql`
      select count(*) filter (where offer_no is not null and booking_no is not null)::int "fromOffer",
             count(*) filter (where offer_no is null and reservation_no is not null and booking_no is not null)::int "fromOption",
             count(*) filter (where reservation_date < created_at or booking_date < reservation_date)::int "outOfOrder",
             count(*) filter (where offer_no is not null and booking_no is not null
                              and booking_date::date > created_at::date)::int later
      from bookings`);
    expect(funnel?.fromOffer).toBeGreaterThan(10);
    expect(funnel?.fromOption).toBeGreaterThan(10);
    expect(funnel?.outOfOrder).toBe(0);
    expect(funnel?.later).toBeGreaterThan(10);
  });

  it("dates each booking's history on the days of its steps, with the booking's own dates in the snapshots", async () => {
    const [history] = await rows<{
      first: number;
      firstOff: number;
      backwards: number;
      future: number;
      paidThen: number;
      snapshotOff: number;
      past: number;
      bookings: number;
    }>(sql`
      with v as (
        select v.*, b.created_at made, b.reservation_date reserved, b.booking_date confirmed,
               lag(v.created_at) over (partition by v.booking_id order by v.version) before
        from booking_versions v join bookings b on b.id = v.booking_id)
      select count(*) filter (where version = 1)::int first,
             count(*) filter (where version = 1 and made::date < current_date and created_at <> made)::int "firstOff",
             count(*) filter (where created_at < before)::int backwards,
             count(*) filter (where created_at > now())::int future,
             count(*) filter (where action = 'payment' and created_at::date < current_date - 7)::int "paidThen",
             count(*) filter (where (snapshot->>'createdAt')::timestamptz <> date_trunc('milliseconds', made)
                              or (snapshot->>'bookingDate')::timestamptz <> date_trunc('milliseconds', confirmed)
                              or (snapshot->>'reservationDate')::timestamptz <> date_trunc('milliseconds', reserved)
                             )::int "snapshotOff",
             count(*) filter (where created_at::date < current_date - 30)::int past,
             (select count(*) from bookings)::int bookings
      from v`);
    expect(history?.first).toBe(history?.bookings);
    // A booking made on a past day has its first version then.
    expect(history?.firstOff).toBe(0);
    expect(history?.backwards).toBe(0);
    expect(history?.future).toBe(0);
    // Snapshots hold JavaScript's milliseconds; PostgreSQL keeps microseconds of what it stamps itself.
    expect(history?.snapshotOff).toBe(0);
    expect(history?.paidThen).toBeGreaterThan(50);
    expect(history?.past).toBeGreaterThan(summary.bookings);
  });

  it('takes each step on its day: numbers of the year it was given in, specials weighed on the day', async () => {
    const [steps] = await rows<{
      numberOff: number;
      evaluatedLater: number;
      madeBefore: number;
    }>(sql`
      with given as (
        select booking_no no, booking_date at time zone 'Europe/Berlin' given_at from bookings where booking_no is not null
        union all
        select reservation_no, reservation_date at time zone 'Europe/Berlin' from bookings where reservation_no is not null
        union all
        select offer_no, created_at at time zone 'Europe/Berlin' from bookings where offer_no is not null)
      select (select count(*) from given where substr(no, 2, 2) <> to_char(given_at, 'YY'))::int "numberOff",
             (select count(*) from bookings
               where evaluation_date <> least((reservation_date at time zone 'Europe/Berlin')::date,
                                              (booking_date at time zone 'Europe/Berlin')::date))::int "evaluatedLater",
             (select count(*) from bookings where created_at::date < current_date)::int "madeBefore"`);
    // Each number carries the year of the day the booking reached its state (O, R and B numbers alike).
    expect(steps?.numberOff).toBe(0);
    // A booking made on a past day was priced on that day (its specials' days before travel counted from it).
    expect(steps?.madeBefore).toBeGreaterThan(200);
    expect(steps?.evaluatedLater).toBe(0);
  });

  it('sells through several agencies with commission, direct and online', async () => {
    const [agencies] = await rows<{ n: number; commissioned: number }>(sql`
      select count(distinct agency_id)::int n,
             count(*) filter (where (totals->>'commission')::numeric > 0)::int commissioned
      from bookings where agency_id is not null`);
    expect(agencies?.n).toBeGreaterThanOrEqual(3);
    expect(agencies?.commissioned).toBeGreaterThan(0);
    const channels = await countBy(sql`select channel k, count(*)::int n from bookings group by channel`);
    expect(channels.Booking).toBeGreaterThan(0);
    expect(channels.CustomerDirectBooking).toBeGreaterThan(0);
  });

  it('spreads the stays over the year before and after today', async () => {
    const day = today();
    const [span] = await rows<{ first: string; last: string; past: number; future: number }>(sql`
      select min(from_date)::text first, max(to_date)::text last,
             count(*) filter (where to_date < ${day}::date)::int past,
             count(*) filter (where from_date > ${day}::date)::int future
      from bookings`);
    const days = (iso: string | undefined) => (Date.parse(iso ?? '') - Date.parse(day)) / 86_400_000;
    expect(days(span?.first)).toBeLessThan(-300);
    expect(days(span?.first)).toBeGreaterThanOrEqual(-372);
    expect(days(span?.last)).toBeGreaterThan(300);
    expect(days(span?.last)).toBeLessThanOrEqual(380);
    expect(span?.past).toBeGreaterThan(50);
    expect(span?.future).toBeGreaterThan(50);
  });

  it('has payments of each kind, invoices, bank entries, guest forms and mails', async () => {
    const methods = await countBy(sql`select method k, count(*)::int n from payments group by method`);
    expect(methods.bank).toBeGreaterThan(0);
    expect(methods.card).toBeGreaterThan(0);
    const paid = await countBy(
      sql`select payment_status k, count(*)::int n from bookings where state = 'confirmed' group by 1`,
    );
    for (const status of ['paid', 'partial', 'not_paid']) expect(paid[status], status).toBeGreaterThan(0);
    const [overdue] = await rows<{ n: number }>(
      sql`select count(*)::int n from bookings where has_exceeded_due_date`,
    );
    expect(overdue?.n).toBeGreaterThan(0);
    const invoices = await countBy(sql`select kind k, count(*)::int n from invoices group by kind`);
    expect(invoices.invoice).toBeGreaterThan(0);
    expect(invoices.cancellation).toBeGreaterThan(0);
    // Past stays were invoiced on the day they ended, and a year's numbers follow its dates.
    const [dates] = await rows<{ past: number; outOfOrder: number }>(sql`
      select (select count(*) from invoices where date < current_date - 30)::int past,
             (select count(*) from invoices a join invoices b
               on a.year = b.year and a.number < b.number and a.date > b.date)::int "outOfOrder"`);
    expect(dates?.past).toBeGreaterThan(5);
    expect(dates?.outOfOrder).toBe(0);
    const [bank] = await rows<{ matched: number; unmatched: number }>(sql`
      select count(*) filter (where assigned <> 0)::int matched,
             count(*) filter (where assigned = 0)::int unmatched from bank_entries`);
    expect(bank?.matched).toBeGreaterThan(0);
    expect(bank?.unmatched).toBeGreaterThan(0);
    const forms = await countBy(sql`select status k, count(*)::int n from guest_forms group by status`);
    expect(forms.submitted).toBeGreaterThan(0);
    expect(forms.open).toBeGreaterThan(0);
    const [mails] = await rows<{ n: number }>(sql`select count(*)::int n from mail_queue`);
    expect(mails?.n).toBeGreaterThan(0);
  });

  it('writes every demo invoice as an XRechnung that keeps the EN 16931 rules', async () => {
    const all = await database.db.select().from(invoices).orderBy(invoices.id);
    expect(all.length).toBeGreaterThan(0);
    const failed: string[] = [];
    for (const invoice of all) {
      const written = await invoiceXrechnung(database.db, invoice, 'cii').catch((e: Error) => e);
      const { problems, cii } =
        written instanceof Error ? { problems: [written.message], cii: null } : checkCii(written.xml);
      if (cii) expect(cii.number).toBe(invoice.number);
      // Every buyer of the season has an e-mail, so every invoice names its electronic address (BT-49).
      if (problems.length) failed.push(`${invoice.number} (${invoice.kind}): ${problems.join('; ')}`);
    }
    expect(failed).toEqual([]);
  });

  it('sells products with stock and takes online bookings paid by transfer', async () => {
    const [catalogue] = await rows<{ products: number; categories: number; stocked: number }>(sql`
      select count(*)::int products, count(distinct category_id)::int categories,
             count(*) filter (where track_stock and stock > 0)::int stocked from products`);
    expect(catalogue?.products).toBeGreaterThanOrEqual(10);
    expect(catalogue?.categories).toBeGreaterThanOrEqual(5);
    expect(catalogue?.stocked).toBeGreaterThan(0);
    const [setup] = await rows<{ providers: number; widgets: number; forms: number }>(sql`
      select (select count(*) from payment_providers where type = 'bank_transfer' and is_active)::int providers,
             (select count(*) from widgets where active)::int widgets,
             (select count(*) from form_defs)::int forms`);
    expect(setup).toEqual({ providers: 1, widgets: 2, forms: 1 });
    // The counter and the stock screens are on, so the shop's goods can be sold at once.
    const switches = await rows<{ key: string; value: unknown }>(
      sql`select key, value from settings where "group" = 'features' and key in ('pos', 'stock') order by key`,
    );
    expect(switches).toEqual([
      { key: 'pos', value: true },
      { key: 'stock', value: true },
    ]);
  });

  it("runs an agency sales contest with two agencies taking part, one of them the demo agent's", async () => {
    const [contest] = await rows<{ id: number; running: boolean; agencies: string[]; counted: number }>(sql`
      select c.id, (c.from_date <= ${today()}::date and c.to_date >= ${today()}::date) running,
             (select array_agg(a.name order by a.name) from contest_subscriptions s join agencies a on a.id = s.agency_id
               where s.contest_id = c.id) agencies,
             (select count(*)::int from bookings b join contest_subscriptions s on s.agency_id = b.agency_id and s.contest_id = c.id
               where b.state = 'confirmed' and (b.booking_date at time zone 'Europe/Berlin')::date between c.from_date and c.to_date) counted
      from contests c`);
    expect(contest?.running).toBe(true);
    expect(contest?.agencies).toHaveLength(2);
    expect(contest?.agencies).toContain('Blue Reef Travel');
    // A new user sees a standing with figures, not an empty table.
    expect(contest?.counted).toBeGreaterThan(0);
    const [on] = await rows<{ value: unknown }>(
      sql`select value from settings where "group" = 'features' and key = 'contest'`,
    );
    expect(on?.value).toBe(true);
  });

  it('keeps a week of the dive deck: the past days logged and charged, today planned', async () => {
    const day = today();
    const [plans] = await rows<{ logged: number; open: number; days: number; past: number }>(sql`
      select count(*) filter (where logged_at is not null)::int logged,
             count(*) filter (where logged_at is null)::int open,
             count(distinct date)::int days,
             count(*) filter (where logged_at is null and date < ${day}::date)::int past from dive_plans`);
    expect(plans?.logged).toBeGreaterThanOrEqual(6);
    expect(plans?.open).toBeGreaterThan(0);
    expect(plans?.past).toBe(0);
    expect(plans?.days).toBe(7);
    const [log] = await rows<{ dives: number; walkIns: number; charged: number; tabbed: number }>(sql`
      select count(*)::int dives, count(day_guest_id)::int "walkIns",
             (select count(*) from onsite_items where booking_id is not null and idempotency_key like 'dive:%')::int charged,
             (select count(*) from onsite_items where tab_id is not null and idempotency_key like 'dive:%')::int tabbed
        from dive_logs`);
    expect(log?.dives).toBeGreaterThan(20);
    expect(log?.walkIns).toBeGreaterThan(0);
    // Every logged dive of a guest in house and of a walk-in is on a bill or a tab, once.
    expect((log?.charged ?? 0) + (log?.tabbed ?? 0)).toBe(log?.dives);
  });

  it('prices every booking: its total is the sum of its counted lines', async () => {
    const found = await rows<{ id: number; total: string }>(sql`select id, total::text from bookings`);
    const lines = await rows<{ bookingId: number; type: string; total: string; customerType: string }>(sql`
      select booking_id "bookingId", type, total::text, customer_type "customerType" from calculation_lines`);
    const byBooking = new Map<number, typeof lines>();
    for (const line of lines) byBooking.set(line.bookingId, [...(byBooking.get(line.bookingId) ?? []), line]);
    const wrong = found.filter((b) => countedCents(byBooking.get(b.id) ?? []) !== cents(b.total));
    expect(wrong).toEqual([]);
  });
});
