import type { LANGUAGES } from '@atoll/domain/constants';
import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useTextblockGroups } from '../api.ts';

type TTextblock = {
  id: number;
  name: string;
  groupId: number | null;
  text: Partial<Record<(typeof LANGUAGES)[number], string>>;
  sort: number;
} & Record<string, unknown>;
type TGroupRow = { id: number; name: string; sort: number } & Record<string, unknown>;

const WRITE = { create: ['settings.update'], update: ['settings.update'], delete: ['settings.update'] };

function Blocks() {
  const { t, i18n } = useTranslation();
  const groups = useTextblockGroups();
  const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const groupName = (id: number | null) => groups.data?.find((g) => g.id === id)?.name ?? t('common.none');
  const lang = i18n.language as (typeof LANGUAGES)[number];
  return (
    <ResourcePage<TTextblock>
      resource="textblock"
      title={t('config.textblocks.blocks')}
      intro={t('config.textblocks.intro')}
      defaultSort="sort"
      scopes={WRITE}
      columns={[
        { key: 'name', sortable: true },
        { key: 'groupId', sortable: true, render: (row) => groupName(row.groupId) },
        {
          key: 'text',
          wrap: true,
          render: (row) => (
            <Text size="sm" lineClamp={2}>
              {row.text[lang] ?? ''}
            </Text>
          ),
        },
        { key: 'sort', sortable: true },
      ]}
      filters={[{ key: 'groupId', options }]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'groupId', kind: 'select', numeric: true, options },
        { key: 'text', kind: 'translations' },
        { key: 'sort', kind: 'number', initial: 0 },
      ]}
    />
  );
}

function Groups() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TGroupRow>
      resource="textblockgroup"
      title={t('config.textblocks.groups')}
      intro={t('config.textblocks.groupsIntro')}
      defaultSort="sort"
      scopes={WRITE}
      columns={[
        { key: 'name', sortable: true },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'sort', kind: 'number', initial: 0 },
      ]}
    />
  );
}

/** /config/settings/textblocks: reusable texts for mails and documents in German and English, in groups. */
export function TextblocksSettings() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>('blocks');
  const [, setParams] = useSearchParams();
  // Each tab keeps its list state in the URL: a new tab starts from a clean one.
  const change = (value: string | null) => {
    setParams({}, { replace: true });
    setTab(value ?? 'blocks');
  };
  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={change} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="blocks">{t('config.textblocks.blocks')}</Tabs.Tab>
          <Tabs.Tab value="groups">{t('config.textblocks.groups')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="blocks" pt="md">
          <Blocks />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <Groups />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
