import { Divider, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContestStanding } from '../api.ts';
import { ContestStandingTable } from './ContestStandingTable.tsx';

/** Under a contest's form in the office: the standing of every subscribed agency. */
export function ContestStanding({ contestId }: { contestId: number }) {
  const { t } = useTranslation();
  const standing = useContestStanding(contestId);
  return (
    <Stack gap="xs" mt="xl">
      <Divider label={t('contests.standing.title')} labelPosition="left" />
      {standing.data ? (
        <ContestStandingTable standing={standing.data} />
      ) : (
        <Loader size="sm" aria-label={t('datatable.loading')} />
      )}
    </Stack>
  );
}
