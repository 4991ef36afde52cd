import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useReportFilters } from '../api.ts';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { ReportSection } from '../components/ReportView.tsx';

const GROUPS = ['state', 'source', 'category', 'channel', 'type', 'month'] as const;

/** /stats/booking: bookings by state (or source, …), where guests come from, who sells, conversions, ages. */
export default function StatsBookingPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useReportFilters();
  const period = { from: filters.from, to: filters.to };
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.statsBooking')} intro={t('reports.bookingIntro')} />
      <ReportFilters filters={filters} onChange={setFilters} groups={GROUPS} />
      <ReportSection
        name="bookingInfoStats"
        title={t('reports.titles.bookingInfo')}
        filters={filters}
        series={['bookings', 'pax']}
      />
      <ReportSection
        name="topCountries"
        title={t('reports.titles.countries')}
        filters={period}
        series={['revenue', 'bookings']}
      />
      <ReportSection
        name="topAgencies"
        title={t('reports.titles.agencies')}
        filters={period}
        series={['revenue', 'bookings']}
      />
      <ReportSection
        name="topProducts"
        title={t('reports.titles.products')}
        filters={period}
        series={['revenue', 'quantity']}
      />
      <ReportSection
        name="conversions"
        title={t('reports.titles.conversions')}
        filters={{ ...period, groupBy: 'month' }}
        series={['offers', 'reserved', 'confirmed']}
      />
      <ReportSection
        name="statsByAge"
        title={t('reports.titles.ages')}
        filters={period}
        series={['guests']}
      />
      <ReportSection
        name="statsByRepeater"
        title={t('reports.titles.repeaters')}
        filters={period}
        series={['customers']}
      />
    </Stack>
  );
}
