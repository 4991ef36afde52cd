import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { RESORT_LISTS, type TResortList } from '@atoll/domain/inventory/resorts';
import { Button, Group, Radio, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printResortList, useResortOptions } from '../api.ts';
import { ResortSelect, useChosenResort } from '../components/ResortSelect.tsx';

/** /resort/lists: print a list of a resort (rooms, room types, housekeeping) as a PDF. */
export default function ResortListsPage() {
  const { t, i18n } = useTranslation();
  const [resortId, setResortId] = useChosenResort();
  const resorts = useResortOptions();
  const [list, setList] = useState<TResortList>('rooms');
  const [lang, setLang] = useState<TLanguage>(i18n.language === 'en' ? 'en' : 'de');
  const [busy, setBusy] = useState(false);
  const resortName = resorts.data?.find((r) => r.value === String(resortId))?.label ?? 'resort';

  const print = async () => {
    if (resortId === null) return;
    setBusy(true);
    await printResortList(resortId, list, lang, `${resortName}-${list}.pdf`);
    setBusy(false);
  };

  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2}>{t('routes.resortLists')}</Title>
        <Text c="dimmed" size="sm">
          {t('resorts.lists.intro')}
        </Text>
      </div>
      <ResortSelect value={resortId} onChange={setResortId} />
      <Radio.Group
        label={t('resorts.lists.list')}
        value={list}
        onChange={(value) => setList(value as TResortList)}
      >
        <Stack gap="xs" mt="xs">
          {RESORT_LISTS.map((l) => (
            <Radio
              key={l}
              value={l}
              label={t(`resorts.print.lists.${l}`)}
              description={t(`resorts.lists.hints.${l}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <div>
        <Text size="sm" fw={500} id="resort-list-language">
          {t('resorts.lists.language')}
        </Text>
        <SegmentedControl
          aria-labelledby="resort-list-language"
          value={lang}
          onChange={(value) => setLang(value as TLanguage)}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </div>
      <Group>
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => void print()}
          loading={busy}
          disabled={resortId === null}
        >
          {t('resorts.lists.print')}
        </Button>
      </Group>
    </Stack>
  );
}
