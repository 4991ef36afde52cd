import { MAX_YEAR_REPORT_DAYS } from '@atoll/domain/bookings/queries';
import {
  PROFIT_LOSS_TYPES,
  REPORT_NAMES,
  REPORTS,
  reportQuery,
  type TReportName,
  ZReportAnswer,
} from '@atoll/domain/reports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendReportFile } from '../../documents/report-file.ts';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TReportParams } from './reports.figures.ts';
import type { TReportsService } from './reports.service.ts';

const tags = ['reports'];
const SCOPES = {
  bookings: ['bookings.read', 'agencies.self'],
  house: ['bookings.read'],
  money: ['bookingpayment.read'],
} as const;
const WHO = {
  bookings:
    'Staff (bookings.read, within their resorts and vessels) and agents (agencies.self: their agency’s bookings only).',
  house: 'Staff only (bookings.read): capacity is the house’s.',
  money: 'Finance staff only (bookingpayment.read and bookings.read).',
};
const COMMON =
  '`from`…`to` (YYYY-MM-DD, `to` exclusive; default the calendar year), at most ' +
  `${MAX_YEAR_REPORT_DAYS} days; \`states\` (confirmed, resolved, planned, aborted), \`categories\`, ` +
  '`sources`, `assets` (resort:<id>, vessel:<id>), `countries` (ISO codes of the lead customer) as comma lists; ' +
  '`amount` rows of a top list (default 10); `mode` chart (JSON), export (`format` csv or xlsx) or template ' +
  '(a PDF with the letterhead). Money in the base currency at the rate of the booking date; users without bookingpayment.read get ' +
  'no money columns. Definitions: docs/domain/reports.md.';

const SUMMARIES: Record<TReportName, string> = {
  'report/profitLoss': 'Revenue per line type, commission and result per period',
  'report/profitLoss/{type}': 'One line type’s lines, quantity and revenue per period',
  'report/finance': 'Revenue, commission, payments received and open amounts per period',
  utilization: 'Cabins and berths sold of those available per departure, vessel or month',
  statsByAge: 'Guests by age on the first night',
  statsByRepeater: 'Travelling customers by their number of stays; the share of repeaters',
  conversions: 'Offers created and those reserved and confirmed since, with rates',
  topCountries: 'Countries of the lead customers by revenue or bookings',
  topAgencies: 'Agencies by revenue or bookings, with commission',
  topBookings: 'The bookings with the most revenue',
  topUsers: 'The users who created the bookings, by revenue or bookings',
  topSalesAgents: 'Agents (users of an agency) owning bookings, by revenue or bookings',
  topBookingOwner: 'The bookings’ owners by revenue or bookings',
  topCustomers: 'Lead customers by revenue or bookings',
  topProducts: 'Products and add-ons sold by revenue',
  topSupplements: 'Supplements by revenue',
  topRooms: 'Rooms by nights sold',
  topProductCategories: 'Product categories by revenue',
  bookingInfoStats:
    'Bookings, guests, revenue and open amounts per state, source, category, channel, type or period',
  bookingCalculationStats: 'Revenue lines per line type',
  'statistics/byVesselYear': 'Berth-nights sold of those available per vessel and year',
  'statistics/byVesselYear/{vessel}': 'One vessel’s berth-nights sold per month or year',
};

/** The report GET calls of spec booking §7 "Reports" (occupancyPerYear and incomeByMonth: the bookings module). */
export function registerReportRoutes(app: FastifyInstance, deps: { reports: TReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;
  for (const name of REPORT_NAMES) {
    const { access, groups } = REPORTS[name];
    const url = `/api/bookings/${name.replace('{type}', ':type').replace('{vessel}', ':vessel')}`;
    const params = name.endsWith('{type}')
      ? z.object({ type: z.enum(PROFIT_LOSS_TYPES) })
      : name.endsWith('{vessel}')
        ? z.object({ vessel: ZIdParams.shape.id })
        : undefined;
    r.get(
      url,
      {
        config: { access: { scopes: [...SCOPES[access]] } },
        schema: {
          tags,
          summary: SUMMARIES[name],
          description: `${WHO[access]} \`groupBy\`: ${groups.join(', ')} (default ${groups[0]}). ${COMMON}`,
          querystring: reportQuery(name),
          ...(params ? { params } : {}),
          response: {
            200: ZReportAnswer.describe('mode=chart; export: text/csv or xlsx; template: application/pdf'),
          },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as z.infer<ReturnType<typeof reportQuery>>;
        const answer = await reports.run(name, actor(request), query, request.params as TReportParams);
        if (query.mode === 'chart') return answer;
        return sendReportFile(request, reply, answer, query, (lang) =>
          reports.fileTexts(query.template, lang),
        );
      },
    );
  }
}
