import { Group, Stack, Text, TextInput } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../components/format.ts';
import { langOf } from '../../../../components/pricing/format.ts';
import { nightsBetween, type TWizard, type TWizardAction } from './wizardState.ts';

/** Step 2: arrival and departure of a resort stay; a departure's dates are fixed. */
export function DatesStep({ state, dispatch }: { state: TWizard; dispatch: Dispatch<TWizardAction> }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const nights = nightsBetween(state.from, state.to);
  if (state.kind === 'vessel')
    return (
      <Text>
        {t('bookings.wizard.departureDates', {
          from: formatDay(state.from, lang),
          to: formatDay(state.to, lang),
          count: nights,
        })}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('bookings.wizard.arrival')}
          value={state.from}
          onChange={(e) => dispatch({ type: 'dates', from: e.currentTarget.value, to: state.to })}
          required
        />
        <TextInput
          type="date"
          label={t('bookings.wizard.departureDay')}
          value={state.to}
          min={state.from || undefined}
          onChange={(e) => dispatch({ type: 'dates', from: state.from, to: e.currentTarget.value })}
          required
        />
      </Group>
      <Text aria-live="polite">
        {nights > 0 ? t('bookings.wizard.nights', { count: nights }) : t('bookings.wizard.datesHint')}
      </Text>
    </Stack>
  );
}
