import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import type { TItineraryDay } from '@atoll/domain/inventory/tours';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TProps = {
  value: TItineraryDay[];
  onChange: (days: TItineraryDay[]) => void;
  ports: { value: string; label: string }[];
};

/** The days of a tour: a title and a programme per language, and the port of the night. */
export function ItineraryEditor({ value, onChange, ports }: TProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<TItineraryDay>) =>
    onChange(value.map((day, i) => (i === index ? { ...day, ...patch } : day)));
  const setText = (index: number, key: 'title' | 'text', lang: TLanguage, text: string) => {
    const day = value[index];
    if (day) update(index, { [key]: { ...day[key], [lang]: text } });
  };
  const add = () =>
    onChange([...value, { day: (value.at(-1)?.day ?? 0) + 1, title: {}, text: {}, portId: null }]);
  const langName = (lang: TLanguage) => t(`tours.languages.${lang}`);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('tours.edit.itineraryHint')}
      </Text>
      {value.map((day, index) => (
        // Days have no id; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered.
        <Paper key={index} withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <NumberInput
                label={t('tours.edit.day')}
                value={day.day}
                min={1}
                max={366}
                w={90}
                onChange={(n) => update(index, { day: typeof n === 'number' ? n : 1 })}
              />
              <Select
                label={t('tours.edit.port')}
                data={ports}
                value={day.portId ? String(day.portId) : null}
                onChange={(v) => update(index, { portId: v ? Number(v) : null })}
                clearable
                searchable
                w={240}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                ml="auto"
                aria-label={t('tours.edit.removeDay', { day: day.day })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {LANGUAGES.map((lang) => (
                <Stack gap="xs" key={lang}>
                  <TextInput
                    label={t('tours.edit.dayTitle', { lang: langName(lang) })}
                    lang={lang}
                    value={day.title[lang] ?? ''}
                    onChange={(e) => setText(index, 'title', lang, e.currentTarget.value)}
                  />
                  <Textarea
                    label={t('tours.edit.dayText', { lang: langName(lang) })}
                    lang={lang}
                    value={day.text[lang] ?? ''}
                    onChange={(e) => setText(index, 'text', lang, e.currentTarget.value)}
                    autosize
                    minRows={2}
                  />
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
          {t('tours.edit.addDay')}
        </Button>
      </Group>
    </Stack>
  );
}
