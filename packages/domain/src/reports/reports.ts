import { z } from 'zod';
import { REPORT_STATES, yearRangeError, yearRangeOk, ZReportFile, ZYearRange } from '../bookings/queries.ts';

// The report calls of spec booking §7 "Reports" (docs/domain/reports.md): one query shape, one answer shape
// (columns and rows), so that the screens draw and the exports write every report the same way.

export const REPORT_PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TReportPeriod = (typeof REPORT_PERIODS)[number];
/** Who may ask: bookings (staff, agents their agency's), house (staff: capacity), money (finance staff). */
export type TReportAccess = 'bookings' | 'house' | 'money';

/** The line types of profitLoss/{type}; `fee` is the cancellation fee of aborted bookings. */
export const PROFIT_LOSS_TYPES = [
  'room_cost',
  'product',
  'addon',
  'cost',
  'special',
  'discount',
  'fee',
] as const;
export type TProfitLossType = (typeof PROFIT_LOSS_TYPES)[number];

type TReportDef = { groups: readonly [string, ...string[]]; access: TReportAccess };
/** The groups of a report, the default first, each once. */
const dims = (...groups: [string, ...string[]]) => [...new Set(groups)] as [string, ...string[]];

/** Every report of this module by its path under /api/bookings; the first group is the default. */
export const REPORTS = {
  'report/profitLoss': { groups: dims('month', ...REPORT_PERIODS), access: 'money' },
  'report/profitLoss/{type}': { groups: dims('month', ...REPORT_PERIODS), access: 'money' },
  'report/finance': { groups: dims('month', ...REPORT_PERIODS), access: 'money' },
  utilization: { groups: dims('schedule', 'vessel', 'month'), access: 'house' },
  statsByAge: { groups: dims('age'), access: 'bookings' },
  statsByRepeater: { groups: dims('stays'), access: 'bookings' },
  conversions: { groups: dims('month', ...REPORT_PERIODS, 'user', 'agency', 'source'), access: 'bookings' },
  topCountries: { groups: dims('country'), access: 'bookings' },
  topAgencies: { groups: dims('agency'), access: 'bookings' },
  topBookings: { groups: dims('booking'), access: 'bookings' },
  topUsers: { groups: dims('user'), access: 'bookings' },
  topSalesAgents: { groups: dims('salesAgent'), access: 'bookings' },
  topBookingOwner: { groups: dims('owner'), access: 'bookings' },
  topCustomers: { groups: dims('customer'), access: 'bookings' },
  topProducts: { groups: dims('product'), access: 'bookings' },
  topSupplements: { groups: dims('supplement'), access: 'bookings' },
  topRooms: { groups: dims('room'), access: 'bookings' },
  topProductCategories: { groups: dims('productCategory'), access: 'bookings' },
  bookingInfoStats: {
    groups: dims('state', 'source', 'category', 'channel', 'type', ...REPORT_PERIODS),
    access: 'bookings',
  },
  bookingCalculationStats: { groups: dims('lineType'), access: 'bookings' },
  'statistics/byVesselYear': { groups: dims('year'), access: 'house' },
  'statistics/byVesselYear/{vessel}': { groups: dims('month', 'year'), access: 'house' },
} satisfies Record<string, TReportDef>;
export type TReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as TReportName[];
/** The reports of the bookings module's own (year reports, ADR 0023): JSON only, not in the export. */
export const YEAR_REPORT_NAMES = ['occupancyPerYear', 'incomeByMonth'] as const;

const ZCountryList = z
  .string()
  .max(1000)
  .transform((text) => [...new Set(text.split(',').map((s) => s.trim().toUpperCase()))].filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 codes'))
      .min(1)
      .max(250),
  );

/** The query of a report: the year range and filters of the year reports, amount, mode, group. */
export function reportQuery(name: TReportName) {
  const groups = REPORTS[name].groups;
  return ZYearRange.extend({
    /** The rows of a top list (default 10). */
    amount: z.coerce.number().int().min(1).max(1000).default(10),
    groupBy: z.enum(groups).default(groups[0]),
    ...ZReportFile.shape,
    countries: ZCountryList.optional(),
    /** Top lists: by revenue (default) or by the count of bookings. */
    by: z.enum(['revenue', 'count']).default('revenue'),
  }).refine(yearRangeOk, yearRangeError);
}
export type TReportQuery = z.infer<ReturnType<typeof reportQuery>>;

export const REPORT_COLUMN_KINDS = ['text', 'count', 'money', 'percent'] as const;
export const ZReportColumn = z.object({ key: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type TReportColumn = z.infer<typeof ZReportColumn>;
const ZCell = z.union([z.string(), z.number(), z.null()]);
export type TReportRow = Record<string, string | number | null>;

export const ZReportAnswer = z.object({
  report: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.string(),
  /** The base currency of every money column. */
  currency: z.string(),
  states: z.array(z.enum(REPORT_STATES)),
  /** The first column is the row's label; money columns are left out for users who may not see money. */
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), ZCell)),
  total: z.record(z.string(), ZCell),
  /** Amounts without an exchange rate to the base currency on their day: left out of the money columns. */
  unconverted: z.array(z.object({ currency: z.string(), date: z.string(), amount: z.string() })),
});
export type TReportAnswer = z.infer<typeof ZReportAnswer>;

/** Column titles of the screens and exports, both languages. */
export const REPORT_COLUMN_TITLES: Record<string, { de: string; en: string }> = {
  label: { de: 'Bezeichnung', en: 'Name' },
  bookings: { de: 'Buchungen', en: 'Bookings' },
  pax: { de: 'Gäste', en: 'Guests' },
  revenue: { de: 'Umsatz', en: 'Revenue' },
  commission: { de: 'Provision', en: 'Commission' },
  result: { de: 'Ergebnis', en: 'Result' },
  payments: { de: 'Zahlungseingang', en: 'Payments received' },
  open: { de: 'Offen', en: 'Open' },
  nights: { de: 'Nächte', en: 'Nights' },
  guests: { de: 'Personen', en: 'Persons' },
  customers: { de: 'Kunden', en: 'Customers' },
  share: { de: 'Anteil %', en: 'Share %' },
  lines: { de: 'Positionen', en: 'Lines' },
  quantity: { de: 'Menge', en: 'Quantity' },
  created: { de: 'Angelegt', en: 'Created' },
  offers: { de: 'Angebote', en: 'Offers' },
  reserved: { de: 'Reserviert', en: 'Reserved' },
  confirmed: { de: 'Bestätigt', en: 'Confirmed' },
  reserveRate: { de: 'Reservierungsquote %', en: 'Reservation rate %' },
  confirmRate: { de: 'Buchungsquote %', en: 'Booking rate %' },
  departures: { de: 'Abfahrten', en: 'Departures' },
  berths: { de: 'Kojen', en: 'Berths' },
  berthsSold: { de: 'Kojen verkauft', en: 'Berths sold' },
  cabins: { de: 'Kabinen', en: 'Cabins' },
  cabinsSold: { de: 'Kabinen verkauft', en: 'Cabins sold' },
  utilization: { de: 'Auslastung %', en: 'Utilization %' },
  berthNights: { de: 'Kojennächte', en: 'Berth-nights' },
  berthNightsSold: { de: 'Kojennächte verkauft', en: 'Berth-nights sold' },
  room_cost: { de: 'Zimmer', en: 'Rooms' },
  product: { de: 'Produkte', en: 'Products' },
  addon: { de: 'Zusatzleistungen', en: 'Add-ons' },
  cost: { de: 'Kosten', en: 'Costs' },
  special: { de: 'Specials', en: 'Specials' },
  discount: { de: 'Rabatte', en: 'Discounts' },
  fee: { de: 'Stornogebühren', en: 'Cancellation fees' },
  occupiedNights: { de: 'Belegte Zimmernächte', en: 'Room-nights occupied' },
  capacityNights: { de: 'Verfügbare Zimmernächte', en: 'Room-nights for sale' },
  occupancy: { de: 'Belegung %', en: 'Occupancy %' },
  paxNights: { de: 'Gästenächte', en: 'Guest-nights' },
  bedNights: { de: 'Bettnächte', en: 'Bed-nights' },
  bedOccupancy: { de: 'Bettenbelegung %', en: 'Bed occupancy %' },
  soldNights: { de: 'Verkaufte Zimmernächte', en: 'Room-nights sold' },
  roomRevenue: { de: 'Zimmerumsatz netto', en: 'Room revenue (net)' },
  adr: { de: 'Durchschnittspreis (ADR)', en: 'Average daily rate (ADR)' },
  revpar: { de: 'RevPAR', en: 'RevPAR' },
};
export const columnTitle = (key: string, language: 'de' | 'en') =>
  REPORT_COLUMN_TITLES[key]?.[language] ?? key;

/** The names of the bookings module's year reports in their exports. */
export const YEAR_REPORT_TITLES: Record<(typeof YEAR_REPORT_NAMES)[number], { de: string; en: string }> = {
  occupancyPerYear: { de: 'Belegung', en: 'Occupancy' },
  incomeByMonth: { de: 'Umsatz je Monat', en: 'Income by month' },
};

/** The reports' names, both languages (screens, exports and PDFs). */
export const REPORT_TITLES: Record<TReportName, { de: string; en: string }> = {
  'report/profitLoss': { de: 'Gewinn und Verlust', en: 'Profit and loss' },
  'report/finance': { de: 'Finanzen', en: 'Finance' },
  utilization: { de: 'Auslastung je Abfahrt', en: 'Utilization per departure' },
  statsByAge: { de: 'Gäste nach Alter', en: 'Guests by age' },
  statsByRepeater: { de: 'Stammgäste', en: 'Repeat guests' },
  conversions: { de: 'Konversionen', en: 'Conversions' },
  topCountries: { de: 'Top-Länder', en: 'Top countries' },
  topAgencies: { de: 'Top-Agenturen', en: 'Top agencies' },
  topBookings: { de: 'Top-Buchungen', en: 'Top bookings' },
  topUsers: { de: 'Top-Benutzer', en: 'Top users' },
  topSalesAgents: { de: 'Top-Verkäufer', en: 'Top sales agents' },
  topBookingOwner: { de: 'Top-Buchungsinhaber', en: 'Top booking owners' },
  topCustomers: { de: 'Top-Kunden', en: 'Top customers' },
  topProducts: { de: 'Top-Produkte', en: 'Top products' },
  topSupplements: { de: 'Top-Zuschläge', en: 'Top supplements' },
  topRooms: { de: 'Top-Zimmer', en: 'Top rooms' },
  topProductCategories: { de: 'Top-Produktkategorien', en: 'Top product categories' },
  bookingInfoStats: { de: 'Buchungen nach Status', en: 'Bookings by state' },
  bookingCalculationStats: { de: 'Positionen nach Art', en: 'Lines by type' },
  'statistics/byVesselYear': { de: 'Kojennächte je Schiff und Jahr', en: 'Berth-nights per vessel and year' },
  'report/profitLoss/{type}': {
    de: 'Gewinn und Verlust je Positionsart',
    en: 'Profit and loss of one line type',
  },
  'statistics/byVesselYear/{vessel}': { de: 'Kojennächte eines Schiffs', en: 'Berth-nights of one vessel' },
};

type TTexts = Record<string, { de: string; en: string }>;
/** The codes a report's rows carry as labels, by its `groupBy`: what the exports print instead of the code. */
export const REPORT_LABEL_TEXTS: Record<string, TTexts> = {
  state: {
    confirmed: { de: 'Bestätigt', en: 'Confirmed' },
    resolved: { de: 'Abgeschlossen', en: 'Resolved' },
    planned: { de: 'Reserviert', en: 'Reserved' },
    aborted: { de: 'Storniert', en: 'Cancelled' },
    draft: { de: 'Angebot', en: 'Offer' },
  },
  channel: {
    Booking: { de: 'Buchung', en: 'Booking' },
    AgentDirectBooking: { de: 'Agentur direkt', en: 'Agent direct' },
    CustomerDirectBooking: { de: 'Kunde direkt', en: 'Customer direct' },
    OTABooking: { de: 'Buchungsportal', en: 'Online travel agency' },
  },
  type: {
    resort: { de: 'Resort', en: 'Resort' },
    vessel: { de: 'Schiff', en: 'Vessel' },
    charter: { de: 'Charter', en: 'Charter' },
    mixed: { de: 'Gemischt', en: 'Mixed' },
  },
  lineType: Object.fromEntries(
    PROFIT_LOSS_TYPES.map((k) => [k, REPORT_COLUMN_TITLES[k] ?? { de: k, en: k }]),
  ),
  age: { unknown: { de: 'unbekannt', en: 'unknown' } },
};
/** A row's label as people read it: a code of the report's grouping translated, anything else as it is. */
export const labelText = (groupBy: string, label: string, language: 'de' | 'en') =>
  REPORT_LABEL_TEXTS[groupBy]?.[label]?.[language] ?? label;
