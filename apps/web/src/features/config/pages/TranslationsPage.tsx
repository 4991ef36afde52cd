import { LANGUAGES } from '@atoll/domain/constants';
import type { TTranslationKeyInfo } from '@atoll/domain/settings';
import {
  Alert,
  Badge,
  Card,
  Checkbox,
  Drawer,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useTranslationKeys } from '../api.ts';
import { TranslationEditor } from '../components/TranslationEditor.tsx';

const PAGE_SIZE = 25;
const text = (info: TTranslationKeyInfo, lang: (typeof LANGUAGES)[number]) =>
  info.overrides[lang]?.value ?? info.builtIn[lang] ?? '';

function matches(info: TTranslationKeyInfo, search: string, onlyOverridden: boolean) {
  if (onlyOverridden && !info.overrides.de && !info.overrides.en) return false;
  if (!search) return true;
  return [info.key, ...LANGUAGES.map((l) => text(info, l))].some((s) => s.toLowerCase().includes(search));
}

/** /config/translations: find any text of the interface and override it per language, or reset it. */
export default function TranslationsPage() {
  const { t } = useTranslation();
  const keys = useTranslationKeys();
  const [search, setSearch] = useState('');
  const [onlyOverridden, setOnlyOverridden] = useState(false);
  const [page, setPage] = useState(1);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const found = useMemo(
    () => (keys.data ?? []).filter((info) => matches(info, search.trim().toLowerCase(), onlyOverridden)),
    [keys.data, search, onlyOverridden],
  );
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shown = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const open = keys.data?.find((info) => info.key === openKey);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('routes.configTranslations')} intro={t('config.translations.intro')} />
      <Group align="flex-end">
        <TextInput
          label={t('config.translations.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Checkbox
          label={t('config.translations.onlyOverridden')}
          checked={onlyOverridden}
          onChange={(e) => {
            setOnlyOverridden(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      {keys.isPending && <Skeleton h={400} radius="md" />}
      {keys.isError && (
        <Alert color="red">
          {keys.error instanceof ApiError ? apiErrorText(keys.error) : t('datatable.error')}
        </Alert>
      )}
      {keys.data && (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="xs" aria-label={t('routes.configTranslations')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('config.translations.key')}</Table.Th>
                  {LANGUAGES.map((lang) => (
                    <Table.Th key={lang}>{t(`languages.${lang}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((info) => (
                  <Table.Tr key={info.key} style={{ cursor: 'pointer' }} onClick={() => setOpenKey(info.key)}>
                    <Table.Td>
                      <UnstyledButton onClick={() => setOpenKey(info.key)} ff="monospace" fz="xs">
                        {info.key}
                      </UnstyledButton>
                    </Table.Td>
                    {LANGUAGES.map((lang) => (
                      <Table.Td key={lang}>
                        <Group gap={6} wrap="nowrap" align="flex-start">
                          <Text size="sm" lineClamp={2}>
                            {text(info, lang)}
                          </Text>
                          {info.overrides[lang] && (
                            <Badge size="xs" variant="light" color="grape">
                              {t('config.translations.overridden')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="sm">
            <Text size="sm" c="dimmed">
              {t('config.translations.count', { count: found.length })}
            </Text>
            <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} />
          </Group>
        </Card>
      )}
      <Drawer
        opened={open !== undefined}
        onClose={() => setOpenKey(null)}
        position="right"
        size="lg"
        title={
          <Title order={2} size="h3">
            {t('config.translations.edit')}
          </Title>
        }
      >
        {open && <TranslationEditor key={open.key} info={open} />}
      </Drawer>
    </Stack>
  );
}
