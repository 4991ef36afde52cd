import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monthTitle, shiftMonth, thisMonth } from './format.ts';

/** ‹ Month Year ›: the month a search step shows; never before this month. */
export function MonthSwitcher({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Button
        variant="default"
        onClick={() => onChange(shiftMonth(month, -1))}
        disabled={month <= thisMonth()}
        aria-label={t('online.prevMonth')}
      >
        ‹
      </Button>
      <Text fw={600} aria-live="polite">
        {monthTitle(t, month)}
      </Text>
      <Button
        variant="default"
        onClick={() => onChange(shiftMonth(month, 1))}
        aria-label={t('online.nextMonth')}
      >
        ›
      </Button>
    </Group>
  );
}
