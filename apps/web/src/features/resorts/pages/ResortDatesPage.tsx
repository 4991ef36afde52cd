import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalendarMonth, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useArrivalRules } from '../api.ts';
import { MonthPreview } from '../components/MonthPreview.tsx';
import { ResortSelect, useChosenResort } from '../components/ResortSelect.tsx';
import { RuleCard } from '../components/RuleCard.tsx';

/** /resort/dates: the allowed arrival and departure days of a resort (docs/domain/availability.md) with a month preview. */
export default function ResortDatesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [resortId, setResortId] = useChosenResort();
  const rules = useArrivalRules(resortId);
  const [adding, setAdding] = useState(false);
  const scopes = user?.scopes ?? [];
  const canEdit = hasScope(scopes, ['resort.update']);
  const canAdd = hasScope(scopes, ['resort.create']);
  const count = rules.data?.length ?? 0;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.resortDates')}</Title>
        <Text c="dimmed" size="sm">
          {t('resorts.dates.intro')}
        </Text>
      </div>
      <ResortSelect value={resortId} onChange={setResortId} />
      {resortId !== null && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <SectionCard title={t('resorts.dates.rules')} icon={IconListCheck}>
              <Stack gap="sm">
                {rules.isPending && <Loader size="sm" aria-label={t('datatable.loading')} />}
                {rules.data && count === 0 && !adding && (
                  <Alert color="blue">{t('resorts.dates.noRules')}</Alert>
                )}
                {rules.data?.map((rule, i) => (
                  <RuleCard key={rule.id} resortId={resortId} rule={rule} index={i} editable={canEdit} />
                ))}
                {adding && (
                  <RuleCard
                    key={`new-${resortId}`}
                    resortId={resortId}
                    index={count}
                    editable
                    onDone={() => setAdding(false)}
                  />
                )}
                {canAdd && !adding && (
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setAdding(true)}
                    w="fit-content"
                  >
                    {t('resorts.dates.addRule')}
                  </Button>
                )}
              </Stack>
            </SectionCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <SectionCard title={t('resorts.dates.preview')} icon={IconCalendarMonth}>
              <MonthPreview key={resortId} resortId={resortId} />
            </SectionCard>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
