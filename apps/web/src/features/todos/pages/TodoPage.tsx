import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChecklist, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DefinitionsTab } from '../components/DefinitionsTab.tsx';
import { OpenTodosTab } from '../components/OpenTodosTab.tsx';

/** /todo: the todos of the bookings (open, own, all; solve them) and the todo definitions (`?tab=definitions`). */
export default function TodoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'definitions' ? 'definitions' : 'todos';
  // Each tab has its own list parameters (sort, page, filters): a switch starts the other one afresh.
  const show = (next: string | null) =>
    setParams(next === 'definitions' ? { tab: 'definitions' } : {}, { replace: true });

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.todo')}</Title>
        <Text c="dimmed" size="sm">
          {t('todos.intro')}
        </Text>
      </div>
      <Tabs value={tab} onChange={show} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="todos" leftSection={<IconChecklist size={16} aria-hidden />}>
            {t('todos.open.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="definitions" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('todos.definitions.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="todos" pt="md">
          <OpenTodosTab />
        </Tabs.Panel>
        <Tabs.Panel value="definitions" pt="md">
          <DefinitionsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
