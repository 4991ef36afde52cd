import { closingDay, type TContest } from '@atoll/domain/contests';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { useContestStanding, useContestSubscription } from '../api.ts';
import { useFigure } from './ContestStandingTable.tsx';

/**
 * A contest on offer to an agent: what it counts, the prize and the period, the agency's own place (never
 * another agency's) and Subscribe or Unsubscribe while it takes subscriptions.
 */
export function AgentContestCard({ contest, today }: { contest: TContest; today: string }) {
  const { t, i18n } = useTranslation();
  const standing = useContestStanding(contest.id);
  const change = useContestSubscription();
  const figure = useFigure(standing.data);
  const own = standing.data?.rows[0];
  const isOpen = today <= closingDay(contest);
  const day = (d: string) => formatDay(d, i18n.language);
  const headingId = `contest-${contest.id}`;
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {contest.name}
          </Title>
          <Badge variant="light" color={own ? 'blue' : 'gray'}>
            {own ? t('contests.agent.subscribed') : t('contests.agent.notSubscribed')}
          </Badge>
        </Group>
        {contest.description && <Text size="sm">{contest.description}</Text>}
        {contest.prize && (
          <Text size="sm">
            {t('resources.contest.fields.prize')}: {contest.prize}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('contests.agent.period', {
            from: day(contest.from),
            to: day(contest.to),
            metric: t(`contests.metrics.${contest.metric}`),
          })}
        </Text>
        {own && standing.data && (
          <Text fw={600} data-testid="own-standing">
            {t('contests.agent.place', {
              rank: own.rank,
              participants: standing.data.participants,
              figure: figure(own.figure),
              metric: t(`contests.metrics.${contest.metric}`),
            })}
          </Text>
        )}
        {isOpen ? (
          <Group>
            <Button
              variant={own ? 'default' : 'filled'}
              loading={change.isPending}
              disabled={standing.isPending}
              onClick={() =>
                change.mutate({ action: own ? 'unsubscribe' : 'subscribe', body: { contestId: contest.id } })
              }
            >
              {own ? t('contests.agent.unsubscribe') : t('contests.agent.subscribe')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('contests.agent.until', { day: day(closingDay(contest)) })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('contests.agent.closed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
