import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../components/downloadFile.ts';
import { datevPeriod } from '../datevPeriod.ts';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i));

/**
 * The DATEV EXTF "Buchungsstapel" of a year or a month (invoices, cancellation invoices and payments) for the
 * tax adviser, beside the report downloads of /stats/export. Staff only: the server asks for bookings.read.
 */
export function DatevExport() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState(String(thisYear));
  const [month, setMonth] = useState<string | null>(null);
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: new Date(Date.UTC(2000, i, 1)).toLocaleString(i18n.language, { month: 'long', timeZone: 'UTC' }),
  }));
  const period = datevPeriod(year, month);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="datev-title">
      <Stack gap="sm">
        <Title order={3} id="datev-title">
          {t('reports.datev.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.datev.intro')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('reports.datev.year')}
            data={YEARS}
            value={year}
            allowDeselect={false}
            onChange={(v) => v && setYear(v)}
            w={120}
          />
          <Select
            label={t('reports.datev.month')}
            placeholder={t('reports.datev.wholeYear')}
            data={months}
            value={month}
            onChange={setMonth}
            clearable
            w={180}
          />
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadFile(
                '/api/invoices/datev',
                period,
                `EXTF_Buchungsstapel_${period.from}_${period.to}.csv`,
              )
            }
          >
            {t('reports.datev.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
