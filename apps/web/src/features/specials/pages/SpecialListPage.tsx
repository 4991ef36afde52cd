import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalculator, IconDiscount } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { PriceSimulator } from '../components/PriceSimulator.tsx';
import { SpecialsTable } from '../components/SpecialsTable.tsx';

const VIEWS = ['list', 'simulator'] as const;
type TView = (typeof VIEWS)[number];

/** /specials/list: the specials, and a price simulator to see what they do to a booking (`?view=simulator`). */
export default function SpecialListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: TView = params.get('view') === 'simulator' ? 'simulator' : 'list';
  // The tab lives in the URL, beside the list's own parameters, so a reload keeps it.
  const show = (next: string | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'simulator') out.set('view', next);
        else out.delete('view');
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('specials.list.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('specials.list.intro')}
        </Text>
      </div>
      <Tabs value={view} onChange={show} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list" leftSection={<IconDiscount size={16} aria-hidden />}>
            {t('specials.list.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="simulator" leftSection={<IconCalculator size={16} aria-hidden />}>
            {t('specials.simulator.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <SpecialsTable />
        </Tabs.Panel>
        <Tabs.Panel value="simulator" pt="md">
          <SectionCard title={t('specials.simulator.title')} icon={IconCalculator}>
            <PriceSimulator />
          </SectionCard>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
