import type { TState } from '@atoll/domain/geo';
import { ActionIcon, Button, Group, Input, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';

/** The ISO 3166-2 subdivisions of a country as code/name rows; some countries have over 200. */
export function StatesField({ value, onChange, label, error, disabled }: TFieldProps) {
  const { t } = useTranslation();
  const states = (value ?? []) as TState[];
  const change = (index: number, patch: Partial<TState>) =>
    onChange(states.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Input.Wrapper label={label} error={error} description={t('geo.states.count', { count: states.length })}>
      <ScrollArea.Autosize mah={320} type="auto" mt={4}>
        <Stack gap={4}>
          {states.map((state, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; codes may repeat while typing
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('geo.states.code', { n: index + 1 })}
                value={state.code}
                disabled={disabled}
                w={100}
                onChange={(e) => change(index, { code: e.currentTarget.value })}
              />
              <TextInput
                aria-label={t('geo.states.name', { n: index + 1 })}
                value={state.name}
                disabled={disabled}
                style={{ flex: 1 }}
                onChange={(e) => change(index, { name: e.currentTarget.value })}
              />
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('geo.states.remove', { name: state.name || state.code })}
                  onClick={() => onChange(states.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {states.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('geo.states.none')}
        </Text>
      )}
      {!disabled && (
        <Button
          variant="subtle"
          size="xs"
          mt="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...states, { code: '', name: '' }])}
        >
          {t('geo.states.add')}
        </Button>
      )}
    </Input.Wrapper>
  );
}
