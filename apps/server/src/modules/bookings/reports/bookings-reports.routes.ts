import { ZBooking, ZBookingLine } from '@atoll/domain/bookings';
import {
  MAX_FULL_PAGE,
  MAX_REPORT_DAYS,
  MAX_YEAR_REPORT_DAYS,
  type TReportFileQuery,
  ZArrivalCount,
  ZArrivalCountQuery,
  ZBookingListQuery,
  ZBookingStatistics,
  ZCustomersAtDateQuery,
  ZEndOfDay,
  ZEndOfDayQuery,
  ZGuestAtDate,
  ZIncomeQuery,
  ZIncomeReport,
  ZOccupancyQuery,
  ZOccupancyReport,
  ZStatisticsQuery,
  ZTaskName,
} from '@atoll/domain/bookings/queries';
import { listAnswer } from '@atoll/domain/list';
import type { TReportAnswer } from '@atoll/domain/reports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { incomeTable, occupancyTable, sendReportFile } from '../../../documents/report-file.ts';
import { actor } from '../../../http/access.ts';
import { ZIdParams } from '../../../http/request.ts';
import type { TBookingParts } from '../bookings.parts.ts';

const tags = ['bookings'];
/** Staff read all bookings (within their resorts and vessels); agents their agency's; customers their own. */
const READ = { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } };
const SEEN =
  'Counts only the bookings the user may see: bookings.read all (within the user’s resorts and vessels), ' +
  'agencies.self the agency’s, customers.self their own.';
const HOLDING = 'Stays of bookings that hold their rooms (planned and not resolved, confirmed, resolved).';
const RANGE = `Ranges cover at most ${MAX_REPORT_DAYS} days (400 beyond).`;
/** The operator's figures with revenue: staff only (agents and customers get 403). */
const STAFF = { access: { scopes: ['bookings.read'] } };
const YEAR =
  '`from`…`to` (YYYY-MM-DD, `to` exclusive; default the current calendar year; one of them alone: the ' +
  `year from or before it), at most ${MAX_YEAR_REPORT_DAYS} days. \`states\`: a comma list of confirmed, ` +
  'resolved, planned (open options only), aborted; default confirmed and resolved (incomeByMonth: and ' +
  'aborted, whose cancellation fee counts). `categories`, ' +
  '`sources`: comma lists of ids. Only the bookings of the user’s resorts and vessels. `mode` chart (JSON), ' +
  'export (`format` csv or xlsx) or template (a PDF with the letterhead; `template`: a document template of ' +
  'kind report for its texts, 400 for another id).';
const FILES = 'mode=chart; export: text/csv or xlsx; template: application/pdf';

/** The report GET calls of spec booking §7 "Bookings": full, arrivalCount, statistics, endofday, … */
export function registerBookingReportRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'reports'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;
  /** A year report as JSON, or as the file of its `mode` (the reports module's export). */
  const asFile = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: T,
    table: (answer: T) => TReportAnswer,
  ) => {
    const query = request.query as TReportFileQuery;
    if (query.mode === 'chart') return answer;
    return sendReportFile(request, reply, table(answer), query, (lang) =>
      reports.fileTexts(query.template, lang),
    );
  };

  r.get(
    '/api/bookings/full',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking list with whole bookings (rooms, guests, calculation lines), paged',
        description:
          `The list’s query (filters, search, sort, page); a page holds at most ${MAX_FULL_PAGE} bookings ` +
          `(size 0 or more: ${MAX_FULL_PAGE}). ${SEEN} Agents and customers get them without the internal note; ` +
          'the commission only the agent of the booking’s agency.',
        querystring: ZBookingListQuery,
        response: { 200: listAnswer(ZBooking) },
      },
    },
    async (request) => reports.full(actor(request), request.query),
  );

  r.get(
    '/api/bookings/arrivalCount',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Arrivals per day and asset over `days` days from `start` (default today)',
        description: `Room entries whose first night (or embarkation) falls on the day. ${HOLDING} ${SEEN} ${RANGE}`,
        querystring: ZArrivalCountQuery,
        response: { 200: z.array(ZArrivalCount) },
      },
    },
    async (request) => reports.arrivalCount(actor(request), request.query),
  );

  r.get(
    '/api/bookings/statistics',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Bookings by state: created in the last `days` days and arriving in the next `days` days',
        description:
          '`created`: bookings created from today − (days − 1) through today; `arriving`: bookings whose ' +
          `first night is from today up to today + days (exclusive). Count, pax and Σ total per state and ` +
          `currency. Dates in the installation’s time zone. ${SEEN} ${RANGE}`,
        querystring: ZStatisticsQuery,
        response: { 200: ZBookingStatistics },
      },
    },
    async (request) => reports.statistics(actor(request), request.query.days),
  );

  r.get(
    '/api/bookings/endofday',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'The day’s arrivals, departures, guests in house, check-ins and -outs, new and cancelled bookings',
        description:
          `For \`date\` or the days \`date\`…\`toDate\` (inclusive). ${HOLDING} (arrivals, departures, in ` +
          `house, check-ins and -outs) ${SEEN} ${RANGE}`,
        querystring: ZEndOfDayQuery,
        response: { 200: ZEndOfDay },
      },
    },
    async (request) => reports.endOfDay(actor(request), request.query),
  );

  r.get(
    '/api/bookings/customersAtDate',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'The guests in house with a night in `from`…`to` (default `from` only): room, customer, dates',
        description: `asset: resort:<id> or vessel:<id>. ${HOLDING} ${SEEN} ${RANGE}`,
        querystring: ZCustomersAtDateQuery,
        response: { 200: z.array(ZGuestAtDate) },
      },
    },
    async (request) => reports.customersAtDate(actor(request), request.query),
  );

  r.get(
    '/api/bookings/occupancyPerYear',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'Resort occupancy per period and resort: room-nights and bed-nights sold of those for sale',
        description:
          'For each night D in [from, to): capacity = active rooms less those blocked OutOfOrder or ' +
          'Maintanance on D; occupied = rooms of the capacity with a counted booking or an event block on D ' +
          '(each room once a night); pax = guests × nights of the counted bookings there; beds = active beds ' +
          '× nights of the capacity (rooms without a bed list: maxNoOfPax). Occupancy and bed occupancy in ' +
          'percent with 2 decimals (decimal strings, null without capacity). `groupBy`: day, week (ISO), ' +
          `month or year (default). \`assets\`: resort ids (\`12\` or \`resort:12\`). ${YEAR}`,
        querystring: ZOccupancyQuery,
        response: { 200: ZOccupancyReport.describe(FILES) },
      },
    },
    async (request, reply) => {
      const answer = await reports.occupancy(actor(request), request.query);
      return asFile(request, reply, answer, occupancyTable);
    },
  );

  r.get(
    '/api/bookings/incomeByMonth',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'Net revenue (after specials, before tax) per month in the base currency',
        description:
          'Billable lines paid by None, Direct or OnSite (not external, ForFree or Info); room lines spread ' +
          'over their nights by the nights’ shares (cents by largest remainder), other lines on the ' +
          'arrival, vessel bookings on the departure; `by=bookingDate`: everything on the booking date ' +
          '(else reservation, else creation date). Aborted bookings count their cancellation fee only (in ' +
          'the default states). Converted to the base currency at the rate of the booking date (else the ' +
          'creation date); amounts without a rate are listed in `unconverted`. `assets`: resort ids ' +
          `(\`12\`, \`resort:12\`) and \`vessel:<id>\`. ${YEAR}`,
        querystring: ZIncomeQuery,
        response: { 200: ZIncomeReport.describe(FILES) },
      },
    },
    async (request, reply) => {
      const answer = await reports.income(actor(request), request.query);
      return asFile(request, reply, answer, incomeTable);
    },
  );

  r.get(
    '/api/bookings/taskNames',
    {
      config: { access: { scopes: ['bookings.read'] } },
      schema: {
        tags,
        summary: 'The active todo definitions (names and groups) for the booking screens',
        response: { 200: z.array(ZTaskName) },
      },
    },
    async () => reports.taskNames(),
  );

  r.get(
    '/api/bookings/:id/products',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The product, addon and external lines of the booking',
        description: 'A booking the user may not see answers 404.',
        params: ZIdParams,
        response: { 200: z.array(ZBookingLine) },
      },
    },
    async (request) => reports.products(actor(request), request.params.id),
  );
}
