import { DASHBOARD_ACTIVE_STATES, type TAgencyDashboard } from '@atoll/domain/dashboard';
import { formatMoney } from '@atoll/domain/money';
import { Anchor, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n.ts';
import { formatNumber } from '../../../components/pricing/format.ts';
import { useAgencyDashboard } from '../api.ts';
import { Figure, FigureGrid } from './Figure.tsx';

type TProps = { canBook: boolean; canList: boolean };

/** The booking list of the bookings the figure counts: the active states. */
const ACTIVE_LIST = `/booking/list?${new URLSearchParams({ states: DASHBOARD_ACTIVE_STATES.join(',') })}`;

/** One amount per currency; "–" when there is none. */
function Amounts({ rows }: { rows: readonly { currency: string; amount: string }[] }) {
  const lang = currentLanguage();
  if (rows.length === 0)
    return (
      <Text fw={700} size="xl">
        –
      </Text>
    );
  return rows.map((row) => (
    <Text key={row.currency} fw={700} size="xl">
      {formatMoney(row.amount, row.currency, lang)}
    </Text>
  ));
}

function Figures({ data, canList }: { data: TAgencyDashboard; canList: boolean }) {
  const { t } = useTranslation();
  const count = (n: number) => (
    <Text fw={700} size="xl">
      {n}
    </Text>
  );
  return (
    <FigureGrid>
      <Figure label={t('home.agency.bookings')}>
        {count(data.bookings.active)}
        <Text size="sm" c="dimmed">
          {t('home.agency.upcoming', { count: data.bookings.upcoming })}
        </Text>
        {canList && (
          <Anchor component={Link} to={ACTIVE_LIST} size="sm">
            {t('home.agency.toBookings')}
          </Anchor>
        )}
      </Figure>
      <Figure label={t('home.agency.open')}>
        <Amounts
          rows={data.money
            .filter((m) => Number(m.open) !== 0)
            .map((m) => ({ currency: m.currency, amount: m.open }))}
        />
        <Text size="sm" c="dimmed">
          {t('home.agency.openBookings', { count: data.bookings.withOpenPayments })}
        </Text>
      </Figure>
      <Figure label={t('home.agency.commission')}>
        <Amounts rows={data.money.map((m) => ({ currency: m.currency, amount: m.commission }))} />
        <Text size="sm" c="dimmed">
          {t('home.agency.commissionRate', {
            percent: formatNumber(data.agency.commission, currentLanguage()),
          })}
        </Text>
      </Figure>
      <Figure label={t('home.agency.credit')}>
        <Amounts rows={data.credit.map((c) => ({ currency: c.currency, amount: c.balance }))} />
      </Figure>
    </FigureGrid>
  );
}

/** The agent's start: its agency by name, its bookings, open payments, earned commission and credit. */
export function AgencyHomeCard({ canBook, canList }: TProps) {
  const { t } = useTranslation();
  const dashboard = useAgencyDashboard(true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-agency">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            {t('home.agency.title')}
          </Text>
          <Title order={2} size="h3" id="home-agency">
            {dashboard.data?.agency.name ?? t('home.agency.title')}
          </Title>
        </div>
        {canBook && (
          <Button component={Link} to="/booking/wizard" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('home.agency.book')}
          </Button>
        )}
      </Group>
      {dashboard.data ? (
        <Figures data={dashboard.data} canList={canList} />
      ) : dashboard.isError ? (
        <Text c="dimmed" size="sm">
          {t('home.agency.unavailable')}
        </Text>
      ) : (
        <Skeleton height={120} radius="md" />
      )}
    </Card>
  );
}
