import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBedTypes } from '../api.ts';
import { newBed, type TBedForm } from './roomForm.ts';

type TProps = {
  beds: TBedForm[];
  onChange: (beds: TBedForm[]) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** The beds (berths) of a room as editable rows; the active ones are the room's available beds. */
export function BedsEditor({ beds, onChange, disabled, error }: TProps) {
  const { t } = useTranslation();
  const bedTypes = useBedTypes();
  const label = (field: string) => t(`rooms.beds.${field}`);
  const update = (key: string, patch: Partial<TBedForm>) =>
    onChange(beds.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  const typeOptions = (current: string) => {
    const options = (bedTypes.data ?? []).map((b) => ({ value: b.key || b.name, label: b.name }));
    // A type written before the bed types changed stays visible.
    return current && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: current }]
      : options;
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('rooms.beds.summary', { active: beds.filter((b) => b.active).length, total: beds.length })}
      </Text>
      {beds.map((bed, index) => (
        <Paper key={bed.key} withBorder p="sm" radius="sm" data-testid="bed-row">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} style={{ flex: 1 }} spacing="xs">
              <TextInput
                label={label('internalId')}
                required
                value={bed.internalId}
                disabled={disabled}
                onChange={(e) => update(bed.key, { internalId: e.currentTarget.value })}
              />
              <Select
                label={label('type')}
                data={typeOptions(bed.type)}
                value={bed.type || null}
                onChange={(value) => update(bed.key, { type: value ?? '' })}
                clearable
                disabled={disabled}
              />
              <NumberInput
                label={label('maxAge')}
                description={t('rooms.beds.maxAgeHint')}
                value={bed.maxAge}
                min={0}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                disabled={disabled}
                onChange={(value) => update(bed.key, { maxAge: value === '' ? '' : Number(value) })}
              />
              <Checkbox
                label={label('active')}
                mt={{ base: 0, sm: 30 }}
                checked={bed.active}
                disabled={disabled}
                onChange={(e) => update(bed.key, { active: e.currentTarget.checked })}
              />
              <Checkbox
                label={label('visible')}
                mt={{ base: 0, sm: 30 }}
                checked={bed.visible}
                disabled={disabled}
                onChange={(e) => update(bed.key, { visible: e.currentTarget.checked })}
              />
            </SimpleGrid>
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('rooms.beds.remove', { n: index + 1, name: bed.internalId || '…' })}
                onClick={() => onChange(beds.filter((other) => other.key !== bed.key))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
      {!disabled && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...beds, newBed(beds)])}
          >
            {t('rooms.beds.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
