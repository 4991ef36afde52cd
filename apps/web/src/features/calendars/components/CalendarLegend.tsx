import { CALENDAR_STATES, COLOUR_OPTIONS, type TColourOptions } from '@atoll/domain/bookings/calendar';
import { BLOCK_KINDS } from '@atoll/domain/inventory/rooms';
import { Box, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BLOCK_SWATCHES, SWATCHES } from './calendarColours.ts';

type TSwatch = { background: string; color: string };

function Item({ swatch, label }: { swatch: TSwatch; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={16}
        h={16}
        style={{ ...swatch, borderRadius: 3, border: '1px solid var(--mantine-color-gray-5)' }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** What the colours mean: the display states, the extra colours and the room blocks. */
export function CalendarLegend({ withBlocks = true }: { withBlocks?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group
      component="ul"
      gap="md"
      aria-label={t('calendars.legend.title')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {CALENDAR_STATES.map((state) => (
        <li key={state}>
          <Item swatch={SWATCHES[state]} label={t(`calendars.states.${state}`)} />
        </li>
      ))}
      <li>
        <Item swatch={SWATCHES.freeOfCharge} label={t('calendars.states.freeOfCharge')} />
      </li>
      {withBlocks &&
        BLOCK_KINDS.map((kind) => (
          <li key={kind}>
            <Item swatch={BLOCK_SWATCHES[kind]} label={t(`calendars.blocks.${kind}`)} />
          </li>
        ))}
    </Group>
  );
}

/** The optional colour rules (spec booking §4) as switches. */
export function ColourSwitches({
  value,
  onChange,
}: {
  value: TColourOptions;
  onChange: (patch: Partial<TColourOptions>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      {COLOUR_OPTIONS.map((option) => (
        <Switch
          key={option}
          size="sm"
          checked={value[option]}
          onChange={(event) => onChange({ [option]: event.currentTarget.checked })}
          label={t(`calendars.colours.${option}`)}
        />
      ))}
    </Group>
  );
}
