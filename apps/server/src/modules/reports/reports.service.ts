import { REPORT_STATES, type TReportState, yearReportRange } from '@atoll/domain/bookings/queries';
import { DEFAULT_CURRENCY, type TLanguage } from '@atoll/domain/constants';
import { D, normalize } from '@atoll/domain/money';
import {
  REPORTS,
  type TReportAnswer,
  type TReportColumn,
  type TReportName,
  type TReportQuery,
} from '@atoll/domain/reports';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { today } from '../../clock.ts';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { reportFileTexts } from '../../documents/report-file.ts';
import { forbidden } from '../../http/errors.ts';
import {
  countedCondition,
  ofAssets,
  ratesUpTo,
  yearReportSession,
} from '../bookings/reports/bookings-reports.repository.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import {
  addFigures,
  addRows,
  cellsOf,
  col,
  converter,
  LABEL,
  percent,
  ranked,
  ratePeriods,
  type TBuilder,
  type TFields,
  type TReportContext,
  type TReportParams,
  type TSum,
  type TTable,
  totalFrom,
  totalOf,
} from './reports.figures.ts';
import {
  bookingDimension,
  lineDimension,
  type TBookingFigureRow,
  type TLineFigureRow,
  type TReportsRepository,
} from './reports.repository.ts';
import { departureReport } from './reports.vessels.ts';

// The report calls of spec booking §7 "Reports" (docs/domain/reports.md): each builds columns and rows from
// the repository's sums. Money columns only for users who may see money (bookingpayment.read, or an agent
// for its own agency's bookings); visibility (bookingVisibility) bounds every statement.

const money = (...keys: string[]) => keys.map((k) => col(k, 'money'));
const counts = (...keys: string[]) => keys.map((k) => col(k));
const LINE_KINDS = ['room_cost', 'product', 'addon', 'cost', 'special', 'discount', 'fee'];

/** Default states: confirmed and resolved; money reports add aborted (their fee); bookingInfoStats all. */
function statesOf(name: TReportName, asked: TReportState[] | undefined): TReportState[] {
  if (asked) return asked;
  if (name === 'bookingInfoStats') return [...REPORT_STATES];
  if (REPORTS[name].access === 'money') return ['confirmed', 'resolved', 'aborted'];
  return ['confirmed', 'resolved'];
}

/** The filters beside the states: categories, sources, assets, the lead customer's country. */
function filters(q: TReportQuery): SQL | undefined {
  return and(
    q.categories?.length ? inArray(bookings.categoryId, q.categories) : undefined,
    q.sources?.length ? inArray(bookings.sourceId, q.sources) : undefined,
    ofAssets(q.assets),
    q.countries?.length
      ? sql`exists (select 1 from customers cc where cc.id = ${bookings.customerId}
                    and cc.country in (${sql.join(
                      q.countries.map((c) => sql`${c}`),
                      sql`, `,
                    )}))`
      : undefined,
  );
}

/** A top list over bookings grouped by `dim`: bookings, guests, revenue (and commission where it says). */
function topOfBookings(dim: string, withCommission = false): TBuilder {
  return async (ex, c, repo) => {
    const found = await repo.bookingFigures(ex, {
      ...c,
      dim: bookingDimension(dim),
      top: topOf(c, 'bookings'),
    });
    const fields: TFields<TBookingFigureRow> = {
      counts: ['bookings', 'pax'],
      money: { revenue: 'revenue', commission: 'commission' },
    };
    const columns = [
      LABEL,
      ...counts('bookings', 'pax'),
      ...money('revenue', ...(withCommission ? ['commission'] : [])),
    ];
    return top(c, columns, addFigures(new Map(), found, fields, c.conv), totalFrom(found, fields, c.conv));
  };
}
/** A top list over revenue lines grouped by `dim`. */
function topOfLines(dim: string): TBuilder {
  return async (ex, c, repo) => {
    const found = await repo.lineFigures(ex, { ...c, dim: lineDimension(dim), top: topOf(c, 'bookings') });
    const fields: TFields<TLineFigureRow> = {
      counts: ['quantity', 'lines', 'bookings'],
      money: { revenue: 'revenue' },
    };
    const columns = [LABEL, ...counts('quantity', 'lines', 'bookings'), ...money('revenue')];
    return top(c, columns, addFigures(new Map(), found, fields, c.conv), totalFrom(found, fields, c.conv));
  };
}
/** What a top list over a money statement ranks by (revenue, else the count) and how many rows it keeps. */
const topOf = (c: TReportContext, count: string) => ({
  by: c.seesMoney && c.query.by === 'revenue' ? 'revenue' : count,
  amount: c.query.amount,
});
/** The first `amount` rows by revenue (else the count), then by label; the total over all of them. */
function top(
  c: TReportContext,
  columns: TReportColumn[],
  sums: Map<string, TSum>,
  total = totalOf(sums.values()),
  count = 'bookings',
): TTable {
  const byMoney = topOf(c, count).by === 'revenue' && columns.some((x) => x.key === 'revenue');
  const order = ranked(sums.values(), { money: byMoney ? 'revenue' : undefined, count });
  return { columns, sums: order.slice(0, c.query.amount), total };
}
const byKey = (sums: Map<string, TSum>) => [...sums.values()].sort((a, b) => a.key.localeCompare(b.key));

const AGE_BUCKETS: [string, number][] = [
  ['0-11', 11],
  ['12-17', 17],
  ['18-25', 25],
  ['26-35', 35],
  ['36-45', 45],
  ['46-55', 55],
  ['56-65', 65],
  ['66+', Number.POSITIVE_INFINITY],
];
const STAY_BUCKETS: [string, number][] = [
  ['1', 1],
  ['2', 2],
  ['3-5', 5],
  ['6+', Number.POSITIVE_INFINITY],
];
const bucketOf = (buckets: [string, number][], n: number) => buckets.find(([, max]) => n <= max)?.[0] ?? '';
const bucketSums = (names: string[]) =>
  new Map(names.map((key): [string, TSum] => [key, { key, label: key, counts: {}, money: {} }]));

const BUILDERS: Record<TReportName, TBuilder> = {
  topCountries: topOfBookings('country'),
  topAgencies: topOfBookings('agency', true),
  topBookings: topOfBookings('booking'),
  topUsers: topOfBookings('user'),
  topSalesAgents: topOfBookings('salesAgent', true),
  topBookingOwner: topOfBookings('owner'),
  topCustomers: topOfBookings('customer'),
  topProducts: topOfLines('product'),
  topSupplements: topOfLines('supplement'),
  topProductCategories: topOfLines('productCategory'),

  async topRooms(ex, c, repo) {
    const rows = await repo.roomNights(ex, c);
    const sums = addRows(new Map(), rows, { counts: ['nights', 'bookings', 'pax'] }, c.conv);
    return top(c, [LABEL, ...counts('nights', 'bookings', 'pax')], sums, undefined, 'nights');
  },

  async bookingInfoStats(ex, c, repo) {
    const found = await repo.bookingFigures(ex, { ...c, dim: bookingDimension(c.query.groupBy) });
    const sums = addFigures(
      new Map(),
      found,
      { counts: ['bookings', 'pax'], money: { revenue: 'revenue', open: 'open' } },
      c.conv,
    );
    return { columns: [LABEL, ...counts('bookings', 'pax'), ...money('revenue', 'open')], sums: byKey(sums) };
  },

  async bookingCalculationStats(ex, c, repo) {
    const found = await repo.lineFigures(ex, { ...c, dim: lineDimension('lineType') });
    const sums = addFigures(
      new Map(),
      found,
      { counts: ['lines', 'quantity'], money: { revenue: 'revenue' } },
      c.conv,
    );
    return { columns: [LABEL, ...counts('lines', 'quantity'), ...money('revenue')], sums: byKey(sums) };
  },

  async 'report/profitLoss'(ex, c, repo) {
    const dim = lineDimension(c.query.groupBy);
    const lines = await repo.lineFigures(ex, { ...c, dim, series: sql`l.kind` });
    const sums = new Map<string, TSum>();
    for (const kind of LINE_KINDS)
      addRows(
        sums,
        lines.rows.filter((l) => l.series === kind),
        { money: { revenue: kind } },
        c.conv,
      );
    addFigures(sums, lines, { money: { revenue: 'revenue' } }, c.conv);
    const booked = await repo.bookingFigures(ex, { ...c, dim: bookingDimension(c.query.groupBy) });
    addFigures(sums, booked, { money: { commission: 'commission' } }, c.conv);
    for (const s of sums.values())
      s.money.result = (s.money.revenue ?? new D(0)).minus(s.money.commission ?? 0);
    return {
      columns: [LABEL, ...money(...LINE_KINDS, 'revenue', 'commission', 'result')],
      sums: byKey(sums),
    };
  },

  async 'report/profitLoss/{type}'(ex, c, repo) {
    const only = sql`l.kind = ${c.params.type ?? ''}`;
    const found = await repo.lineFigures(ex, { ...c, dim: lineDimension(c.query.groupBy), only });
    const sums = addFigures(
      new Map(),
      found,
      { counts: ['lines', 'quantity', 'bookings'], money: { revenue: 'revenue' } },
      c.conv,
    );
    return {
      columns: [LABEL, ...counts('lines', 'quantity', 'bookings'), ...money('revenue')],
      sums: byKey(sums),
    };
  },

  async 'report/finance'(ex, c, repo) {
    const booked = await repo.bookingFigures(ex, { ...c, dim: bookingDimension(c.query.groupBy) });
    const sums = addFigures(
      new Map(),
      booked,
      { counts: ['bookings'], money: { revenue: 'revenue', commission: 'commission', open: 'open' } },
      c.conv,
    );
    const where = and(bookingVisibility(c.user), filters(c.query)) ?? sql`true`;
    const paid = await repo.payments(ex, { ...c, where, period: c.query.groupBy as 'month' });
    addRows(
      sums,
      paid.map((p) => ({ ...p, label: p.key })),
      { money: { amount: 'payments' } },
      c.conv,
    );
    return {
      columns: [LABEL, ...counts('bookings'), ...money('revenue', 'commission', 'payments', 'open')],
      sums: byKey(sums),
    };
  },

  async statsByAge(ex, c, repo) {
    const sums = bucketSums([...AGE_BUCKETS.map(([k]) => k), 'unknown']);
    const rows = await repo.guestAges(ex, c);
    const keyOf = (r: (typeof rows)[number]) => {
      const key = r.age === null ? 'unknown' : bucketOf(AGE_BUCKETS, r.age);
      return { key, label: key };
    };
    addRows(
      sums,
      rows.map((r) => ({ ...r, key: '', label: null })),
      { counts: ['guests'] },
      c.conv,
      keyOf,
    );
    return shares(sums, 'guests');
  },

  async statsByRepeater(ex, c, repo) {
    const sums = bucketSums(STAY_BUCKETS.map(([k]) => k));
    const rows = await repo.staysOfTravellers(ex, c);
    const keyOf = (r: (typeof rows)[number]) => ({
      key: bucketOf(STAY_BUCKETS, r.stays),
      label: bucketOf(STAY_BUCKETS, r.stays),
    });
    addRows(
      sums,
      rows.map((r) => ({ ...r, customers: 1, key: '', label: null })),
      { counts: ['customers'] },
      c.conv,
      keyOf,
    );
    const table = shares(sums, 'customers');
    const all = table.total?.counts.customers ?? 0;
    return {
      ...table,
      total: {
        ...(table.total as TSum),
        counts: { customers: all, repeaters: all - (sums.get('1')?.counts.customers ?? 0) },
      },
    };
  },

  async conversions(ex, c, repo) {
    const where = and(bookingVisibility(c.user), filters(c.query)) ?? sql`true`;
    const rows = await repo.conversions(ex, { ...c, where, dim: bookingDimension(c.query.groupBy) });
    const sums = addRows(
      new Map(),
      rows,
      { counts: ['created', 'offers', 'offersReserved', 'reserved', 'confirmed'] },
      c.conv,
    );
    return {
      columns: [
        LABEL,
        ...counts('created', 'offers', 'reserved', 'confirmed'),
        col('reserveRate', 'percent'),
        col('confirmRate', 'percent'),
      ],
      sums: byKey(sums),
    };
  },

  utilization: departureReport('utilization'),
  'statistics/byVesselYear': departureReport('byVesselYear'),
  'statistics/byVesselYear/{vessel}': departureReport('byVesselYear'),
};

function shares(sums: Map<string, TSum>, count: string): TTable {
  return {
    columns: [LABEL, col(count), col('share', 'percent')],
    sums: [...sums.values()],
    total: totalOf(sums.values()),
  };
}

/** Percent columns from the counts of their row. */
function percents(row: Record<string, string | number | null>, sum: TSum, total: TSum | undefined) {
  const n = (k: string) => sum.counts[k] ?? 0;
  if ('reserveRate' in row || 'confirmRate' in row) {
    row.reserveRate = percent(n('offersReserved'), n('offers'));
    row.confirmRate = percent(n('confirmed'), n('reserved'));
  }
  if ('share' in row) {
    const key = 'guests' in row ? 'guests' : 'customers';
    row.share =
      sum === total ? percent(n('repeaters'), n('customers')) : percent(n(key), total?.counts[key] ?? 0);
  }
  if ('utilization' in row) {
    const nights = 'berthNights' in row;
    row.utilization = percent(
      n(nights ? 'berthNightsSold' : 'berthsSold'),
      n(nights ? 'berthNights' : 'berths'),
    );
  }
  return row;
}

export function createReportsService(deps: {
  db: Db;
  repository: TReportsRepository;
  settings: TSettingsService;
}) {
  const { db, repository } = deps;
  return {
    /** The letterhead and the texts of a report PDF (the document template `template`, kind report). */
    fileTexts: (template: number | undefined, lang: TLanguage) =>
      reportFileTexts(db, deps.settings, template, lang),

    async run(
      name: TReportName,
      user: TSessionUser,
      query: TReportQuery,
      params: TReportParams = {},
    ): Promise<TReportAnswer> {
      const access = REPORTS[name].access;
      if (access === 'money' && !hasScope(user.scopes, ['bookings.read'])) throw forbidden();
      const { from, to } = yearReportRange(query, today());
      const states = statesOf(name, query.states);
      const { base: stored, rates } = await ratesUpTo(db, today() > to ? today() : to);
      const base = stored ?? DEFAULT_CURRENCY;
      const exact = rates.map((r) => ({ ...r, rate: normalize(r.rate) }));
      const conv = converter(base, exact);
      const where = and(countedCondition({ user, states }), filters(query)) ?? sql`true`;
      const seesMoney = hasScope(user.scopes, ['bookingpayment.read', 'agencies.self']);
      const context: TReportContext = {
        ...{ user, query, from, to, states, where, conv, seesMoney, params },
        money: { base, periods: ratePeriods(base, exact) },
      };
      const table = await yearReportSession(db, (ex) => BUILDERS[name](ex, context, repository));
      const columns = table.columns.filter((c) => seesMoney || c.kind !== 'money');
      const total = table.total ?? totalOf(table.sums);
      const cells = (s: TSum) => percents({ ...cellsOf(s, columns), ...percentCells(columns) }, s, total);
      const totalRow = cells(total);
      delete totalRow.label;
      if (name === 'statsByRepeater') totalRow.repeaters = total.counts.repeaters ?? 0;
      return {
        report: name,
        from,
        to,
        groupBy: query.groupBy,
        currency: base,
        states,
        columns,
        rows: table.sums.map(cells),
        total: totalRow,
        unconverted: conv.unconverted,
      };
    },
  };
}
export type TReportsService = ReturnType<typeof createReportsService>;

const percentCells = (columns: readonly TReportColumn[]) =>
  Object.fromEntries(columns.filter((c) => c.kind === 'percent').map((c) => [c.key, null]));
