import { hasScope } from '@atoll/domain/scopes';
import { Button, Divider, Group, Loader, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useAgencyOptions } from '../../prices/api.ts';
import { useContestStanding, useContestSubscription } from '../api.ts';
import { ContestStandingTable } from './ContestStandingTable.tsx';

/** Under a contest's form in the office: the standing of every subscribed agency; the office adds or removes one. */
export function ContestStanding({ contestId }: { contestId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canChange = hasScope(user?.scopes ?? [], ['contest.update']);
  const standing = useContestStanding(contestId);
  const change = useContestSubscription();
  const agencies = useAgencyOptions(canChange && hasScope(user?.scopes ?? [], ['agencies.read']));
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const taking = new Set(standing.data?.rows.map((r) => String(r.agencyId)));
  const options = (agencies.data ?? []).filter((a) => !taking.has(a.value));
  const act = (action: 'subscribe' | 'unsubscribe', agency: number) =>
    change.mutate({ action, body: { contestId, agencyId: agency } }, { onSuccess: () => setAgencyId(null) });
  return (
    <Stack gap="xs" mt="xl">
      <Divider label={t('contests.standing.title')} labelPosition="left" />
      {standing.data ? (
        <ContestStandingTable
          standing={standing.data}
          {...(canChange ? { onRemove: (agency: number) => act('unsubscribe', agency) } : {})}
        />
      ) : (
        <Loader size="sm" aria-label={t('datatable.loading')} />
      )}
      {canChange && agencies.data && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('contests.standing.addAgency')}
            data={options}
            value={agencyId}
            searchable
            style={{ flex: '1 1 12rem' }}
            onChange={setAgencyId}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={agencyId === null}
            loading={change.isPending}
            onClick={() => agencyId && act('subscribe', Number(agencyId))}
          >
            {t('contests.agent.subscribe')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
