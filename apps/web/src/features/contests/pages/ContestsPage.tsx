import { CONTEST_METRICS, type TContest } from '@atoll/domain/contests';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { formatDay } from '../../../components/format.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useAssetOptions } from '../../prices/api.ts';
import { dateField } from '../../prices/components/resourceFields.tsx';
import { useOfferedContests } from '../api.ts';
import { AgentContestCard } from '../components/AgentContestCard.tsx';
import { ContestStanding } from '../components/ContestStanding.tsx';

type TRow = TContest & Record<string, unknown>;
const SCOPES = { create: ['contest.create'], update: ['contest.update'], delete: ['contest.delete'] };

/**
 * /contest/list (switch contest): the office's sales contests for agencies, each with its standing in the
 * drawer; an agent sees the contests on offer, takes part and sees its own place only.
 */
export default function ContestsPage() {
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isAgent = hasScope(scopes, ['agencies.self']) && !hasScope(scopes, SCOPES.update);
  return isAgent ? <AgentContests /> : <OfficeContests />;
}

function OfficeContests() {
  const { t, i18n } = useTranslation();
  const assets = useAssetOptions();
  const metrics = CONTEST_METRICS.map((m) => ({ value: m, label: t(`contests.metrics.${m}`) }));
  return (
    <ResourcePage<TRow>
      resource="contest"
      title={t('routes.contests')}
      intro={t('contests.intro')}
      defaultSort="from"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'metric', sortable: true, render: (row) => t(`contests.metrics.${row.metric}`) },
        { key: 'from', sortable: true, render: (row) => formatDay(row.from, i18n.language) },
        { key: 'to', sortable: true, render: (row) => formatDay(row.to, i18n.language) },
        {
          key: 'isActive',
          sortable: true,
          render: (row) =>
            row.isActive ? null : (
              <Badge size="sm" variant="light" color="gray">
                {t('contests.inactive')}
              </Badge>
            ),
        },
      ]}
      filters={[{ key: 'metric', options: metrics }]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'isActive', kind: 'switch', initial: true },
        { key: 'metric', kind: 'select', required: true, initial: 'bookings', options: metrics },
        { key: 'prize', kind: 'text' },
        { key: 'description', kind: 'textarea', wide: true },
        dateField('from', { required: true }),
        dateField('to', { required: true }),
        dateField('subscribeUntil', { description: t('contests.subscribeUntilHint') }),
        {
          key: 'resortId',
          kind: 'select',
          numeric: true,
          initial: null,
          options: assets.resorts,
          description: t('contests.assetHint'),
        },
        {
          key: 'vesselId',
          kind: 'select',
          numeric: true,
          initial: null,
          options: assets.vessels,
          description: t('contests.assetHint'),
        },
      ]}
      extra={(row) => <ContestStanding contestId={row.id} />}
    />
  );
}

function AgentContests() {
  const { t } = useTranslation();
  const contests = useOfferedContests();
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.contests')}</Title>
        <Text c="dimmed" size="sm">
          {t('contests.agent.intro')}
        </Text>
      </div>
      {contests.isPending && <Loader aria-label={t('datatable.loading')} />}
      {contests.data?.length === 0 && <Text c="dimmed">{t('contests.agent.none')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {contests.data?.map((contest) => (
          <AgentContestCard key={contest.id} contest={contest} today={today} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
