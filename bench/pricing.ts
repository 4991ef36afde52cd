import { cpus } from 'node:os';
import { calculate } from '@atoll/domain/pricing/calculate';
import type { TPricingInput } from '@atoll/domain/pricing/engine-types';
import type {
  TCommission,
  TPriceVariant,
  TPriceWithEntries,
  TSpecial,
  TSpecialRule,
  TSupplement,
} from '@atoll/domain/pricing/entities';
import { percentile } from './percentile.ts';

// The pricing engine alone: a full calculation of a 14-night resort stay for 8 persons in 4
// rooms over a season change, with supplements, products, an agency and 20 specials, against the same
// draft with no specials and with no specials and one room, in one run. Goal: ≥ 2,000 calculations per
// second on one core. Run: npm run bench:pricing (BENCH_SECONDS sets the time per row, default 3).
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const STAMP = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

const variant = (id: number, name: string, extra: Partial<TPriceVariant>): TPriceVariant => ({
  id,
  name,
  key: null,
  translations: {},
  noOfPax: null,
  maxAge: null,
  perPerson: false,
  isDefault: false,
  fullCharter: false,
  sort: id,
  ...STAMP,
  ...extra,
});
const VARIANTS = [
  variant(1, 'double use', { noOfPax: 2, isDefault: true }),
  variant(2, 'single use', { noOfPax: 1 }),
  variant(3, 'child ≤ 11', { maxAge: 11, perPerson: true }),
];
const ROOM_TYPES = [1, 2, 3, 4].map((id) => ({
  id,
  name: `Type ${id}`,
  surcharge: id === 4 ? '10' : '0',
  surchargeType: 'percent' as const,
}));

function season(id: number, validFrom: string, validTo: string, base: number): TPriceWithEntries {
  return {
    id,
    name: `Season ${id}`,
    internalId: null,
    resortId: 1,
    vesselId: null,
    validFrom,
    validTo,
    periods: [],
    status: 'confirmed',
    calculationType: 'unit',
    type: 'Season',
    variants: [1, 2, 3],
    basePrice: null,
    surcharge: '0',
    surchargeType: 'percent',
    discount: '0',
    discountType: 'percent',
    currencies: ['EUR'],
    useOnsiteCurrency: false,
    tax: { status: 'confirmed', value: '7', inclusive: true },
    commission: '10',
    termsOfPaymentId: null,
    defaultTermsOfPayment: true,
    countries: [],
    includedServices: {},
    excludedServices: {},
    isAvailableToOTA: true,
    minNights: null,
    tourIds: [],
    ...STAMP,
    entries: ROOM_TYPES.flatMap((rt) =>
      VARIANTS.map((v) => ({
        id: id * 100 + rt.id * 10 + v.id,
        priceId: id,
        roomTypeId: rt.id,
        variantId: v.id,
        scheduleId: null,
        currency: 'EUR',
        value: String(base + rt.id * 15 - (v.id === 3 ? base / 2 : 0)),
        surcharge: null,
        surchargeType: null,
        discount: null,
        discountType: null,
      })),
    ),
  };
}

const supplement = (id: number, name: string, extra: Partial<TSupplement>): TSupplement => ({
  id,
  priceId: 1,
  name,
  translations: {},
  value: '10',
  valueType: 'fixed',
  chargingBase: 'PerDay',
  qtyPerUnit: '1',
  perUnit: false,
  mandatory: true,
  commissionable: false,
  customerType: 'None',
  singleUse: false,
  roomTypeIds: [],
  variantIds: [],
  validFrom: null,
  validTo: null,
  sort: id,
  ...STAMP,
  ...extra,
});

const rule = (
  field: TSpecialRule['field'],
  operator: TSpecialRule['operator'],
  value: TSpecialRule['value'],
) => ({
  field,
  operator,
  value,
});
function special(id: number, extra: Partial<TSpecial>): TSpecial {
  return {
    id,
    name: `Special ${id}`,
    description: {},
    type: 'special',
    status: 'confirmed',
    dateFrom: null,
    dateTo: null,
    rules: [],
    discount: 'PerCent',
    discountValue: '5',
    reduce: true,
    target: 'RoomPrice',
    targetIds: [],
    scopeUnit: 'Booking',
    autoAdd: true,
    unique: true,
    replaceMatchingRoomPrice: false,
    includeSpecialsWithSameRule: false,
    excludeFromCommission: false,
    excludeFromTax: false,
    includeIn: ['Booking', 'AgentDirectBooking'],
    editable: true,
    deletable: true,
    groupId: null,
    sort: id,
    ...STAMP,
    ...extra,
  };
}

/** 20 specials of every kind and level: some apply, some lose to a better one, some fail a rule. */
const SPECIALS: TSpecial[] = [
  special(1, { discount: 'FOC', discountValue: '1', rules: [rule('Nights', 'GreaterThanEquals', 7)] }),
  special(2, {
    discountValue: '10',
    rules: [rule('DaysBeforeTravelDate', 'GreaterThanEquals', 90)],
    groupId: 1,
  }),
  special(3, {
    discountValue: '15',
    rules: [rule('DaysBeforeTravelDate', 'GreaterThanEquals', 180)],
    groupId: 1,
  }),
  special(4, {
    discount: 'Absolute',
    discountValue: '50',
    scopeUnit: 'Person',
    target: 'FullBooking',
    rules: [rule('NoOfStays', 'GreaterThanEquals', 1)],
  }),
  special(5, { discountValue: '20', rules: [rule('DayInWeek', 'IsIn', [6, 7])] }),
  special(6, {
    discount: 'Lowest',
    discountValue: '50',
    scopeUnit: 'Person',
    rules: [rule('NoOfPax', 'GreaterThanEquals', 8)],
  }),
  special(7, {
    discount: 'FOCUnit',
    discountValue: '10',
    scopeUnit: 'Bed',
    rules: [rule('NoOfPax', 'GreaterThanEquals', 11)],
  }),
  special(8, {
    discount: 'AbsoluteNights',
    discountValue: '5',
    rules: [rule('Date', 'GreaterThanEquals', '2027-04-01')],
  }),
  special(9, { discountValue: '5', scopeUnit: 'Person', rules: [rule('Age', 'LessThanEquals', 11)] }),
  special(10, { discountValue: '3', rules: [rule('PassportCountry', 'IsIn', ['DE', 'AT', 'CH'])] }),
  special(11, { discountValue: '4', rules: [rule('AddressCountry', 'IsNotIn', ['US'])] }),
  special(12, { discountValue: '7', rules: [rule('RoomType', 'IsIn', [4])] }),
  special(13, { discount: 'Absolute', discountValue: '25', rules: [rule('DepartureDay', 'IsIn', [6])] }),
  special(14, { discountValue: '2', rules: [rule('BookingDate', 'LessThan', '2027-01-01')] }),
  special(15, {
    discountValue: '8',
    rules: [rule('Agencies', 'IsIn', [1]), rule('Nights', 'GreaterThanEquals', 10)],
  }),
  special(16, { discountValue: '6', rules: [rule('LastStay', 'LessThan', 365)] }),
  special(17, { discountValue: '9', rules: [rule('StayRevenue', 'GreaterThan', 5000)] }),
  special(18, {
    discount: 'Absolute',
    discountValue: '30',
    reduce: false,
    target: 'FullBooking',
    rules: [rule('Date', 'IsIn', ['2027-04-02'])],
  }),
  special(19, {
    discountValue: '12',
    rules: [rule('NoOfPaxInDoubleRoom', 'Equals', 2), rule('Resort', 'IsIn', [1])],
  }),
  special(20, { type: 'AgencyCommission', discountValue: '15', rules: [rule('Agencies', 'IsIn', [1])] }),
];

const COMMISSIONS: TCommission[] = [
  {
    id: 1,
    agencyId: 1,
    resortId: 1,
    vesselId: null,
    validFrom: null,
    validTo: null,
    percent: '12',
    note: null,
    ...STAMP,
  },
];

function draft(specials: TSpecial[], roomCount: number): TPricingInput {
  const persons = (room: number) =>
    [0, 1].map((p) => ({
      key: `p${room}${p}`,
      customerId: room * 10 + p,
      age: room === 3 && p === 1 ? 9 : 35 + room,
      gender: p === 0 ? 'f' : 'm',
      nationality: room % 2 ? 'DE' : 'NL',
      addressCountry: 'DE',
      customerType: 'Default',
      noOfStays: room,
      stayRevenue: String(room * 3000),
      lastStayEnd: room ? '2026-08-01' : null,
    }));
  return {
    resortId: 1,
    vesselId: null,
    channel: 'AgentDirectBooking',
    evaluationDate: '2026-11-24',
    rateDate: '2026-11-24',
    currency: 'EUR',
    baseCurrency: 'EUR',
    rates: [],
    agency: { id: 1, commission: '10', commissionMode: 'included' },
    rooms: Array.from({ length: roomCount }, (_, r) => ({
      key: `r${r}`,
      roomTypeId: r + 1,
      from: '2027-03-25',
      to: '2027-04-08',
      persons: persons(r),
    })),
    products: [
      {
        key: 'x1',
        name: 'Nitrox',
        type: 'product',
        price: '12',
        currency: 'EUR',
        chargingBase: 'PerDiveDay',
      },
      {
        key: 'x2',
        name: 'Transfer',
        type: 'product',
        price: '80',
        currency: 'EUR',
        chargingBase: 'PerBooking',
      },
      {
        key: 'x3',
        name: 'Half board',
        type: 'addon',
        price: '25',
        currency: 'EUR',
        chargingBase: 'PerNight',
      },
    ],
    prices: [season(1, '2027-01-01', '2027-03-31', 100), season(2, '2027-04-01', '2027-10-31', 120)],
    variants: VARIANTS,
    supplements: [
      supplement(1, 'Marine park fee', { chargingBase: 'PerDiveDay', customerType: 'OnSite' }),
      supplement(2, 'Eco tax', { chargingBase: 'PerNight', value: '2' }),
    ],
    roomTypes: ROOM_TYPES,
    specials,
    commissions: COMMISSIONS,
    termsList: [],
    terms: {
      id: 1,
      name: 'Resort standard',
      description: {},
      depositPercent: '30',
      depositAbsolute: null,
      depositDueDays: 7,
      onReservation: false,
      restDueDaysBeforeArrival: 60,
      optionDays: 7,
      cancellationTiers: [],
      depositNonRefundable: false,
      isDefault: true,
      ...STAMP,
    },
  };
}

function measure(input: TPricingInput) {
  const first = calculate(input);
  if (first.problems.length) throw new Error(`bench draft has problems: ${JSON.stringify(first.problems)}`);
  for (let i = 0; i < 200; i++) calculate(input); // warm-up
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    calculate(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const perSecond = times.length / (times.reduce((s, t) => s + t, 0) / 1000);
  const applied = first.why.filter((w) => w.applied).length;
  return {
    perSecond,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    lines: first.lines.length,
    applied,
    total: first.totals.total,
  };
}

const rows = [
  { name: '1 room, 2 persons, no specials', input: draft([], 1) },
  { name: '4 rooms, 8 persons, no specials', input: draft([], 4) },
  { name: '4 rooms, 8 persons, 20 specials', input: draft(SPECIALS, 4) },
];
const results = rows.map((row) => ({ ...row, ...measure(row.input) }));
const full = results[2]?.perSecond ?? 0;
const out = [
  `Pricing engine, 14 nights over a season change, ${SECONDS} s per row, one core (${cpus()[0]?.model ?? 'cpu'}), Node ${process.version}`,
  '',
  '| draft | lines | specials applied | total | calc/s | p50 ms | p99 ms | vs full |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.lines} | ${r.applied} | ${r.total} | ${Math.round(r.perSecond)} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${(r.perSecond / full).toFixed(2)} |`,
  ),
  '',
  `Goal: ≥ 2,000 full calculations per second per core: ${full >= 2000 ? 'met' : 'missed'} (${Math.round(full)}/s).`,
];
console.log(out.join('\n'));
