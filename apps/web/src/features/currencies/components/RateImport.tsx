import type { TRateImportResult } from '@atoll/domain/currencies';
import { Alert, Button, FileButton, List, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';

type TImport = UseMutationResult<TRateImportResult, Error, File>;
type TDetail = NonNullable<ApiError['details']>[number];

const ROW_PATH = /^rows\[(\d+)\]\.?(.*)$/;

/** Picks a CSV file (columns from,to,rate,validFrom) and starts the import. */
export function RateImportButton({ run }: { run: TImport }) {
  const { t } = useTranslation();
  return (
    <FileButton onChange={(file) => file && run.mutate(file)} accept=".csv,text/csv">
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="default"
          loading={run.isPending}
          leftSection={<IconFileImport size={14} aria-hidden />}
        >
          {t('currencies.import.button')}
        </Button>
      )}
    </FileButton>
  );
}

/** What the import did: counts, or every bad row (then nothing was written). */
export function RateImportResult({ run }: { run: TImport }) {
  const { t } = useTranslation();
  // "Row 3, to: unknown currency" from `rows[3].to` and the detail's code.
  const rowText = (detail: TDetail) => {
    const [, row = '?', field = ''] = detail.path.match(ROW_PATH) ?? [];
    const what = t(`currencies.import.codes.${detail.code}`, {
      defaultValue: t('currencies.import.codes.invalid'),
    });
    return t('currencies.import.row', { row, field: field || '–', what });
  };

  if (run.data)
    return (
      <Alert color="teal" title={t('currencies.import.done')} withCloseButton onClose={run.reset}>
        {t('currencies.import.summary', run.data)}
      </Alert>
    );
  if (!(run.error instanceof ApiError)) return null;
  const rows = run.error.details?.filter((d) => ROW_PATH.test(d.path)) ?? [];
  return (
    <Alert color="red" title={t('currencies.import.failed')} withCloseButton onClose={run.reset}>
      {rows.length ? (
        <Stack gap={4}>
          <Text size="sm">{t('currencies.import.nothingWritten')}</Text>
          <List size="sm">
            {rows.map((d) => (
              <List.Item key={`${d.path}-${d.code}`}>{rowText(d)}</List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        apiErrorText(run.error)
      )}
    </Alert>
  );
}
