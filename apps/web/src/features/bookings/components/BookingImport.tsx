import type { TBookingImportAnswer } from '@atoll/domain/bookings/import';
import { formatMoney } from '@atoll/domain/money';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useImportBookings } from '../api.ts';

/** The bookings a check or an import answered, with what was skipped. */
function ImportPreview({ answer }: { answer: TBookingImportAnswer }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label={t('bookings.import.preview')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bookings.import.rows')}</Table.Th>
              <Table.Th>{t('bookings.import.reference')}</Table.Th>
              <Table.Th>{t('bookings.fields.from')}</Table.Th>
              <Table.Th>{t('bookings.fields.noOfPax')}</Table.Th>
              <Table.Th ta="right">{t('bookings.fields.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.created.map((c) => (
              <Table.Tr key={c.rows.join('-')}>
                <Table.Td>{c.rows.join(', ')}</Table.Td>
                <Table.Td>{c.number ?? c.reference ?? '–'}</Table.Td>
                <Table.Td>
                  {formatDay(c.from, lang)} – {formatDay(c.to, lang)}
                </Table.Td>
                <Table.Td>{c.noOfPax}</Table.Td>
                <Table.Td ta="right">{formatMoney(c.total, c.currency, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {answer.skipped.length > 0 && (
        <Text size="sm">
          {t('bookings.import.skipped', { references: answer.skipped.map((s) => s.reference).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Import" on the booking list (the office): a CSV file is checked and priced first (nothing written), then
 * imported, all bookings or none (docs/domain/lifecycle.md "Importing bookings").
 */
export function BookingImport() {
  const { t } = useTranslation();
  const run = useImportBookings();
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const checked = run.data?.dryRun ? run.data : undefined;
  const close = () => {
    setOpened(false);
    setFile(null);
    run.reset();
  };
  const importNow = () =>
    file &&
    run.mutate(
      { file, dryRun: false },
      {
        onSuccess: (answer) => {
          close();
          showSuccess(t('bookings.import.done', { count: answer.created.length }));
        },
      },
    );
  const refused = run.error instanceof ApiError ? run.error : null;
  const rows = refused?.details?.filter((d) => d.path.startsWith('row ')) ?? [];

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileImport size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('bookings.import.action')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('bookings.import.title')} size="lg" centered>
        <Stack gap="md">
          <Text size="sm">{t('bookings.import.text')}</Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {t('bookings.import.columns')}
          </Text>
          <FileInput
            label={t('bookings.import.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              run.reset();
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('bookings.import.clearFile') }}
          />
          {refused && (
            <Alert color="red" title={t('bookings.import.failed')}>
              {rows.length ? (
                <List size="sm">
                  {rows.map((d) => (
                    <List.Item key={`${d.path}-${d.message}`}>
                      {t('bookings.import.row', { path: d.path.replace(/^row /, ''), message: d.message })}
                    </List.Item>
                  ))}
                </List>
              ) : (
                apiErrorText(refused)
              )}
            </Alert>
          )}
          {checked && (
            <Alert color="blue" title={t('bookings.import.checked', { count: checked.created.length })}>
              <ImportPreview answer={checked} />
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            {checked && checked.created.length > 0 ? (
              <Button onClick={importNow} loading={run.isPending}>
                {t('bookings.import.importNow', { count: checked.created.length })}
              </Button>
            ) : (
              <Button
                onClick={() => file && run.mutate({ file, dryRun: true })}
                disabled={!file}
                loading={run.isPending}
              >
                {t('bookings.import.check')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
