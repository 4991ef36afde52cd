import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  BILLABLE,
  COUNTED_CUSTOMER_TYPES,
  list,
  PERIOD_FORMAT,
  rowsOf,
  zoneLiteral,
} from '../bookings/reports/bookings-reports.repository.ts';
import type { TRatePeriod } from './reports.figures.ts';

// The statements behind the report calls (docs/domain/reports.md). Each takes the condition of the bookings
// it may count (visibility, states, filters: reports.service.ts builds it) and answers sums per key, currency
// and day of the exchange rate, so that the service converts each sum to the base currency once.

export const REPORT_PERIOD_FORMAT = { ...PERIOD_FORMAT, quarter: 'YYYY-"Q"Q' } as const;
export type TPeriodName = keyof typeof REPORT_PERIOD_FORMAT;

/** A grouping of the rows: its key, its label (the first one of the group), joins and a filter. */
export type TDimension = { key: SQL; label: SQL; join?: SQL; where?: SQL };

const period = (name: TPeriodName, day: SQL): TDimension => {
  const text = sql`to_char(${day}, ${sql.raw(`'${REPORT_PERIOD_FORMAT[name]}'`)})`;
  return { key: text, label: text };
};
const customer = sql`left join customers c on c.id = b.customer_id`;
const owner = sql`left join users u on u.id = b.user_id`;

/** The groupings of booking rows (the CTE `b`); periods are those of `b.day`. */
export function bookingDimension(name: string): TDimension {
  if (name in REPORT_PERIOD_FORMAT) return period(name as TPeriodName, sql`b.day`);
  const dimensions: Record<string, TDimension> = {
    country: { key: sql`coalesce(c.country, '')`, label: sql`coalesce(c.country, '')`, join: customer },
    agency: {
      key: sql`b.agency_id::text`,
      label: sql`a.name`,
      join: sql`join agencies a on a.id = b.agency_id`,
    },
    customer: {
      key: sql`b.customer_id::text`,
      label: sql`c.full_name`,
      join: sql`join customers c on c.id = b.customer_id`,
    },
    booking: {
      key: sql`b.id::text`,
      label: sql`coalesce(b.booking_no, b.reservation_no, b.offer_no, '#' || b.id)`,
    },
    user: {
      key: sql`cr.user_id::text`,
      label: sql`u.name`,
      join: sql`join lateral (select v.user_id from booking_versions v where v.booking_id = b.id
                 order by v.version, v.id limit 1) cr on true
               join users u on u.id = cr.user_id`,
    },
    salesAgent: {
      key: sql`b.user_id::text`,
      label: sql`u.name`,
      join: owner,
      where: sql`u.agency_id is not null`,
    },
    owner: { key: sql`b.user_id::text`, label: sql`u.name`, join: owner, where: sql`u.id is not null` },
    state: { key: sql`b.state`, label: sql`b.state` },
    source: {
      key: sql`coalesce(b.source_id::text, '')`,
      label: sql`coalesce(s.name, '')`,
      join: sql`left join booking_sources s on s.id = b.source_id`,
    },
    category: {
      key: sql`coalesce(b.category_id::text, '')`,
      label: sql`coalesce(k.name, '')`,
      join: sql`left join booking_categories k on k.id = b.category_id`,
    },
    channel: { key: sql`b.channel`, label: sql`b.channel` },
    type: { key: sql`b.type`, label: sql`b.type` },
  };
  const found = dimensions[name];
  if (!found) throw new Error(`report dimension ${name}`);
  return found;
}

const product = sql`join products p on p.id = l.product_id::int`;
const sold = sql`l.type in ('product', 'addon') and l.product_id is not null`;

/** The groupings of calculation lines (the CTE `l`); periods are those of the booking's day. */
export function lineDimension(name: string): TDimension {
  if (name in REPORT_PERIOD_FORMAT) return period(name as TPeriodName, sql`l.day`);
  const dimensions: Record<string, TDimension> = {
    product: { key: sql`p.id::text`, label: sql`p.name`, join: product, where: sold },
    productCategory: {
      key: sql`coalesce(p.category_id::text, '')`,
      label: sql`coalesce(pc.name, '')`,
      join: sql`${product} left join product_categories pc on pc.id = p.category_id`,
      where: sold,
    },
    supplement: {
      key: sql`l.supplement_id`,
      label: sql`l.text`,
      where: sql`l.generator = 'supplement'`,
    },
    lineType: { key: sql`l.kind`, label: sql`l.kind` },
  };
  const found = dimensions[name];
  if (!found) throw new Error(`report dimension ${name}`);
  return found;
}

/** The counted bookings as the CTE `b`: `day` is the day a report groups by, `rate_day` that of the rate (dates). */
function countedBookings(q: TRange, day: 'arrival' | 'created') {
  const tz = zoneLiteral();
  const created = sql`(bookings.created_at at time zone ${tz})::date`;
  const dayOf = day === 'arrival' ? sql`bookings.from_date` : created;
  return sql`b as materialized (
    select bookings.id, bookings.state, bookings.type, bookings.channel, bookings.currency, bookings.from_date,
           bookings.customer_id, bookings.agency_id, bookings.user_id, bookings.source_id, bookings.category_id,
           bookings.offer_no, bookings.reservation_no, bookings.booking_no, bookings.no_of_pax,
           bookings.commission, bookings.open_amount, ${dayOf} as day,
           (coalesce(bookings.booking_date, bookings.created_at) at time zone ${tz})::date as rate_day
    from bookings
    where ${dayOf} >= ${q.from}::date and ${dayOf} < ${q.to}::date and ${q.where}
      ${day === 'created' ? sql`and bookings.created_at >= ${q.from}::date - 1 and bookings.created_at < ${q.to}::date + 2` : sql``}
  )`;
}
/** A line that is revenue: billable, paid through the operator, and of an aborted booking only the fee. */
const FEE = sql`(cl.custom_data ->> 'cancellationFee') = 'true'`;
/** A billable line paid through the operator. */
const PAID = sql`cl.type in (${list(BILLABLE)}) and cl.customer_type in (${list(COUNTED_CUSTOMER_TYPES)})`;
const billable = sql`${PAID} and (b.state <> 'aborted' or ${FEE})`;

type TRange = { from: string; to: string; where: SQL };
/** The base currency and the rates to it (reports.figures.ts ratePeriods). */
export type TMoney = { base: string; periods: readonly TRatePeriod[] };
/** A top list: only the rows ranked within `amount` by the column `by` (ties included), and the total. */
export type TTop = { by: string; amount: number };
/** A sum of a currency and rate day without a rate to the base currency: the day and the amounts. */
export type TLost = { currency: string; day: string } & Record<string, string>;
/** The answer of a money statement: rows per key (and series) in the base currency, and the total over all. */
export type TFigures<R> = { rows: R[]; total: R | undefined };
type TConverted = {
  key: string;
  label: string | null;
  series: string;
  isTotal: boolean;
  lost: TLost[] | null;
};
export type TBookingFigureRow = TConverted & {
  revenue: string;
  commission: string;
  open: string;
  bookings: number;
  pax: number;
};
export type TLineFigureRow = TConverted & {
  revenue: string;
  quantity: string;
  lines: number;
  bookings: number;
};

/** The rates to the base currency as the CTE `r` (currency, valid_from, valid_to, rate). */
function ratesOf(money: TMoney) {
  const rows = money.periods.map(
    (p) => sql`(${p.currency}::text, ${p.from}::date, ${p.to}::date, ${p.rate}::numeric)`,
  );
  return rows.length
    ? sql`r (currency, valid_from, valid_to, rate) as (values ${sql.join(rows, sql`, `)})`
    : sql`r (currency, valid_from, valid_to, rate) as (select ''::text, null::date, null::date, 0::numeric where false)`;
}

/**
 * The last step of a money statement, over the CTE `per` (key, label, series, currency, rate_day and the sums
 * of that currency and day): per key and series, and over all (`isTotal`), each money sum converted to the
 * base currency at its day's rate (rounded half-up to cents) and added up; sums without a rate are left out
 * and listed in `lost`. `top` keeps only the rows ranked within its amount (and the total).
 */
function inBase(money: TMoney, moneyCols: string[], countCols: Record<string, SQL>, top?: TTop) {
  const id = (k: string) => sql.identifier(k);
  const lost = sql`(per.currency <> ${money.base} and r.rate is null)`;
  const converted = moneyCols.map(
    (k) => sql`coalesce(sum(case when per.currency = ${money.base} then per.${id(k)}
      when r.rate is not null then round(per.${id(k)} * r.rate, 2) end), 0)::numeric(16,2)::text as ${id(k)}`,
  );
  const counted = Object.entries(countCols).map(
    ([k, type]) => sql`coalesce(sum(per.${id(k)}), 0)::${type} as ${id(k)}`,
  );
  const lostOnes = sql.join(
    moneyCols.map((k) => sql`${k}::text, per.${id(k)}::text`),
    sql`, `,
  );
  const grouped = sql`select per.key, min(per.label) as label, per.series, grouping(per.key) = 1 as "isTotal",
      ${sql.join([...converted, ...counted], sql`, `)},
      jsonb_agg(jsonb_build_object('currency', per.currency, 'day', to_char(per.rate_day, 'YYYY-MM-DD'), ${lostOnes}))
        filter (where ${lost}) as lost
    from per left join r on r.currency = per.currency and per.rate_day >= r.valid_from and per.rate_day < r.valid_to
    group by grouping sets ((per.key, per.series), ())`;
  if (!top) return grouped;
  return sql`select * from (
      select g.*, rank() over (partition by g."isTotal" order by g.${id(top.by)}::numeric desc) as place
      from (${grouped}) g
    ) t where t."isTotal" or t.place <= ${top.amount}`;
}

const ints = <T extends object>(rows: T[], keys: (keyof T)[]) =>
  rows.map((r) => {
    const out = { ...r } as Record<keyof T, unknown>;
    for (const k of keys) out[k] = Number(r[k] ?? 0);
    return out as T;
  });
/** The rows and the total of a money statement. */
function figures<R extends { isTotal: boolean }>(rows: R[]): TFigures<R> {
  return { rows: rows.filter((r) => !r.isTotal), total: rows.find((r) => r.isTotal) };
}

export function createReportsRepository() {
  return {
    /** Per key, currency and rate day: revenue, commission, open amounts, bookings and guests of the counted bookings. */
    async bookingFigures(
      ex: Executor,
      q: TRange & { dim: TDimension; money: TMoney; top?: TTop },
    ): Promise<TFigures<TBookingFigureRow>> {
      const d = q.dim;
      const rows = await rowsOf<TBookingFigureRow>(
        ex,
        sql`with ${countedBookings(q, 'arrival')},
        m as (
          select cl.booking_id, sum(cl.total) as revenue
          from calculation_lines cl join b on b.id = cl.booking_id
          where ${PAID} and b.state <> 'aborted' group by cl.booking_id
          union all
          select cl.booking_id, sum(cl.total) as revenue
          from calculation_lines cl join b on b.id = cl.booking_id
          where ${PAID} and b.state = 'aborted' and ${FEE} group by cl.booking_id
        ),
        ${ratesOf(q.money)},
        per as (
          select ${d.key} as key, min(${d.label}) as label, '' as series, b.currency, b.rate_day,
                 coalesce(sum(m.revenue), 0) as revenue, sum(b.commission) as commission,
                 sum(case when b.state = 'aborted' then 0 else b.open_amount end) as open,
                 count(*) as bookings, sum(b.no_of_pax) as pax
          from b left join m on m.booking_id = b.id ${d.join ?? sql``}
          where ${d.where ?? sql`true`}
          group by 1, 4, 5
        )
        ${inBase(q.money, ['revenue', 'commission', 'open'], { bookings: sql`int`, pax: sql`int` }, q.top)}`,
      );
      return figures(ints(rows, ['bookings', 'pax']));
    },

    /** Per key (and `series`): the revenue lines of the counted bookings, in the base currency. */
    async lineFigures(
      ex: Executor,
      q: TRange & { dim: TDimension; series?: SQL; only?: SQL; money: TMoney; top?: TTop },
    ): Promise<TFigures<TLineFigureRow>> {
      const d = q.dim;
      const counts = { quantity: sql`numeric(16,3)::text`, lines: sql`int`, bookings: sql`int` };
      const rows = await rowsOf<TLineFigureRow>(
        ex,
        sql`with ${countedBookings(q, 'arrival')},
        l as (
          select cl.booking_id, cl.type, cl.text, cl.total, cl.amount, cl.custom_data ->> 'productId' as product_id,
                 cl.custom_data ->> 'supplementId' as supplement_id, cl.custom_data ->> 'generator' as generator,
                 b.currency, b.rate_day, b.day, case when ${FEE} then 'fee' else cl.type end as kind
          from calculation_lines cl join b on b.id = cl.booking_id
          where ${billable}
        ),
        ${ratesOf(q.money)},
        per as (
          select ${d.key} as key, min(${d.label}) as label, ${q.series ?? sql`''`} as series, l.currency,
                 l.rate_day, sum(l.total) as revenue, sum(l.amount) as quantity, count(*) as lines,
                 count(distinct l.booking_id) as bookings
          from l ${d.join ?? sql``}
          where ${d.where ?? sql`true`} and ${q.only ?? sql`true`}
          group by 1, 3, 4, 5
        )
        ${inBase(q.money, ['revenue'], counts, q.top)}`,
      );
      return figures(ints(rows, ['lines', 'bookings']));
    },

    /** Final payments dated in the range, of the bookings `where` lets through, per period, currency and day. */
    async payments(ex: Executor, q: TRange & { period: TPeriodName }) {
      const key = sql`to_char(p.date, ${sql.raw(`'${REPORT_PERIOD_FORMAT[q.period]}'`)})`;
      return rowsOf<{ key: string; currency: string; rateDay: string; amount: string }>(
        ex,
        sql`select ${key} as key, p.currency, to_char(p.date, 'YYYY-MM-DD') as "rateDay",
                   sum(p.amount)::numeric(16,2)::text as amount
            from payments p join bookings on bookings.id = p.booking_id
            where p.status = 'final' and p.date >= ${q.from}::date and p.date < ${q.to}::date and ${q.where}
            group by 1, 2, 3`,
      );
    },

    /** The guests of the counted bookings with their age on the first night (null: unknown). */
    async guestAges(ex: Executor, q: TRange) {
      const rows = await rowsOf<{ age: number | null; guests: number; bookings: number }>(
        ex,
        sql`with ${countedBookings(q, 'arrival')}
        select coalesce(g.age, c.permanent_age, extract(year from age(b.from_date, c.birthday))::int) as age,
               count(*)::int as guests, count(distinct b.id)::int as bookings
        from booking_guests g join b on b.id = g.booking_id left join customers c on c.id = g.customer_id
        group by 1`,
      );
      return ints(rows, ['guests', 'bookings']).map((r) => ({
        ...r,
        age: r.age === null ? null : Number(r.age),
      }));
    },

    /**
     * The customers travelling (as guests) on counted bookings that end in the range, each with the counted
     * stays they travelled on up to the last of those (any time before it too).
     */
    async staysOfTravellers(ex: Executor, q: TRange) {
      const rows = await rowsOf<{ customerId: number; stays: number }>(
        ex,
        sql`with t as materialized (
          select distinct g.customer_id, bookings.id as booking_id, bookings.to_date
          from booking_guests g join bookings on bookings.id = g.booking_id
          where g.customer_id is not null and bookings.to_date < ${q.to}::date and ${q.where}
        ),
        numbered as (
          select customer_id, to_date,
                 row_number() over (partition by customer_id order by to_date, booking_id) as n
          from t
        ),
        last as (
          select customer_id,
                 max(n) filter (where to_date >= ${q.from}::date and to_date < ${q.to}::date) as stays
          from numbered group by customer_id
        )
        select customer_id as "customerId", stays::int as stays from last where stays is not null`,
      );
      return ints(rows, ['customerId', 'stays']);
    },

    /**
     * Per key: the bookings created in the range, those that began as offers (and of them those reserved or
     * booked since), those that reached a reservation (a reservation or booking number) and a booking.
     */
    async conversions(ex: Executor, q: TRange & { dim: TDimension }) {
      const d = q.dim;
      const reached = sql`(b.reservation_no is not null or b.booking_no is not null)`;
      const rows = await rowsOf<{
        key: string;
        label: string | null;
        created: number;
        offers: number;
        offersReserved: number;
        reserved: number;
        confirmed: number;
      }>(
        ex,
        sql`with ${countedBookings(q, 'created')}
        select ${d.key} as key, min(${d.label}) as label, count(*)::int as created,
               (count(*) filter (where b.offer_no is not null))::int as offers,
               (count(*) filter (where b.offer_no is not null and ${reached}))::int as "offersReserved",
               (count(*) filter (where ${reached}))::int as reserved,
               (count(*) filter (where b.booking_no is not null))::int as confirmed
        from b ${d.join ?? sql``}
        where ${d.where ?? sql`true`}
        group by 1`,
      );
      return ints(rows, ['created', 'offers', 'offersReserved', 'reserved', 'confirmed']);
    },

    /**
     * The departures starting in the range (not cancelled) of the vessels `vessels` lets through: cabins and
     * berths of the vessel's active cabins, and those sold to counted bookings (a charter sells them all).
     */
    async departures(ex: Executor, q: TRange & { vessels: SQL }) {
      const rows = await rowsOf<{
        scheduleId: number;
        vesselId: number;
        vesselName: string;
        tourName: string;
        from: string;
        to: string;
        cabins: number;
        berths: number;
        cabinsSold: number;
        berthsSold: number;
      }>(
        ex,
        sql`with cabins as materialized (
          select r.vessel_id, count(*) as cabins, sum(${BEDS_OF_ROOM}) as berths
          from rooms r where r.vessel_id is not null and r.is_active group by r.vessel_id
        ),
        s as materialized (
          select s.id, s.vessel_id, s.from_date, s.to_date, t.name as tour_name
          from schedules s join tours t on t.id = s.tour_id
          where s.status <> 'cancelled' and s.from_date >= ${q.from}::date and s.from_date < ${q.to}::date
            and ${q.vessels}
        ),
        e as (
          select br.schedule_id, br.room_id, bookings.type,
                 (select count(*) from booking_guests g where g.booking_id = br.booking_id and g.booking_room_id = br.id)::int as pax
          from booking_rooms br join bookings on bookings.id = br.booking_id
          where br.schedule_id in (select id from s) and ${q.where}
        )
        select s.id as "scheduleId", s.vessel_id as "vesselId", v.name as "vesselName", s.tour_name as "tourName",
               to_char(s.from_date, 'YYYY-MM-DD') as "from", to_char(s.to_date, 'YYYY-MM-DD') as "to",
               coalesce(c.cabins, 0)::int as cabins, coalesce(c.berths, 0)::int as berths,
               (case when bool_or(e.type = 'charter') then coalesce(c.cabins, 0)
                     else count(distinct e.room_id) end)::int as "cabinsSold",
               (case when bool_or(e.type = 'charter') then coalesce(c.berths, 0)
                     else least(coalesce(sum(e.pax), 0), coalesce(c.berths, 0)) end)::int as "berthsSold"
        from s join vessels v on v.id = s.vessel_id left join cabins c on c.vessel_id = s.vessel_id
        left join e on e.schedule_id = s.id
        group by s.id, s.vessel_id, v.name, s.tour_name, s.from_date, s.to_date, c.cabins, c.berths
        order by s.from_date, s.id`,
      );
      return ints(rows, ['scheduleId', 'vesselId', 'cabins', 'berths', 'cabinsSold', 'berthsSold']);
    },

    /** Per room: the nights, bookings and guests of the entries of the counted bookings (not aborted ones). */
    async roomNights(ex: Executor, q: TRange) {
      const rows = await rowsOf<{
        key: string;
        label: string;
        nights: number;
        bookings: number;
        pax: number;
      }>(
        ex,
        sql`with ${countedBookings(q, 'arrival')}
        select r.id::text as key, min(r.name) as label,
               sum(br.to_date - br.from_date)::int as nights, count(distinct b.id)::int as bookings,
               sum((select count(*) from booking_guests g where g.booking_id = br.booking_id and g.booking_room_id = br.id))::int as pax
        from booking_rooms br join b on b.id = br.booking_id join rooms r on r.id = br.room_id
        where b.state <> 'aborted'
        group by 1`,
      );
      return ints(rows, ['nights', 'bookings', 'pax']);
    },
  };
}
export type TReportsRepository = ReturnType<typeof createReportsRepository>;

/** Beds of a room `r`: its active bed list, else maxNoOfPax (as occupancyPerYear counts them). */
const BEDS_OF_ROOM = sql`case when jsonb_typeof(r.configuration -> 'beds') = 'array' and jsonb_array_length(r.configuration -> 'beds') > 0
  then (select count(*) from jsonb_array_elements(r.configuration -> 'beds') x where coalesce(x ->> 'active', 'true') <> 'false')::int
  else coalesce((r.configuration ->> 'maxNoOfPax')::int, 0) end`;
