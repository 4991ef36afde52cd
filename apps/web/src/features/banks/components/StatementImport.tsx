import type { TImportResult } from '@atoll/domain/banks';
import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useDeleteImport, useImportStatement } from '../api.ts';

/** Uploads a statement (CSV, camt.053 or MT940) of the chosen bank with progress, then shows what the import did. */
export function StatementImport({ bankId, canDelete }: { bankId: number; canDelete: boolean }) {
  const { t } = useTranslation();
  const upload = useImportStatement(bankId);
  const takeBack = useDeleteImport();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);

  const start = (file: File | null) => {
    if (!file) return;
    setResult(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (answer) => setResult(answer),
        onSettled: () => setProgress(null),
      },
    );
  };
  const error = upload.error instanceof ApiError ? upload.error : null;

  return (
    <Stack gap="xs">
      <Group>
        <FileButton
          onChange={start}
          accept=".csv,.xml,.sta,.txt,.940,.mt940,text/csv,text/plain,application/xml,text/xml"
        >
          {(props) => (
            <Button
              {...props}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {t('banks.import.button')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('banks.import.hint')}
        </Text>
      </Group>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label={t('banks.import.progress')} animated />
      )}
      {error && (
        <Alert color="red">
          <Text size="sm" fw={700}>
            {t('banks.import.failed')}
          </Text>
          {apiErrorText(error)}
          {error.details && error.details.length > 0 && (
            <List size="sm" mt="xs">
              {error.details.slice(0, 20).map((d) => (
                <List.Item key={`${d.path}-${d.message}`}>
                  {d.path.startsWith('rows/')
                    ? t('banks.import.rowError', { row: d.path.slice(5), message: d.message })
                    : d.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {result && (
        <Alert color="green" role="status">
          <Text size="sm" fw={700}>
            {t('banks.import.done')}
          </Text>
          <Text size="sm">
            {t('banks.import.result', {
              rows: result.rows,
              imported: result.imported,
              duplicates: result.duplicates,
              suggested: result.suggested,
              assigned: result.assigned,
            })}
          </Text>
          {canDelete && result.importId && (
            <Button
              mt="xs"
              size="xs"
              variant="subtle"
              color="red"
              loading={takeBack.isPending}
              onClick={() =>
                result.importId &&
                takeBack.mutate({ bankId, importId: result.importId }, { onSuccess: () => setResult(null) })
              }
            >
              {t('banks.import.takeBack')}
            </Button>
          )}
        </Alert>
      )}
    </Stack>
  );
}
