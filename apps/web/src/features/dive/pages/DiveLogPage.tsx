import type { TDiveLog } from '@atoll/domain/dive/plan';
import { hasScope } from '@atoll/domain/scopes';
import { Button, FileButton, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { downloadFile } from '../../../components/downloadFile.ts';
import { resourceKeys } from '../../../components/resource/api.ts';
import { importUddf } from '../api.ts';

/** /dive/log: every dive; a guest's dives in from a dive computer (UDDF) and out again. */
export default function DiveLogPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const client = useQueryClient();
  const canImport = hasScope(user?.scopes ?? [], ['divelog.create']);
  const [customer, setCustomer] = useState<number | string>(user?.customerId ?? '');
  const customerId = typeof customer === 'number' ? customer : null;
  const number = (value: number | null, unit = '') =>
    value === null ? '' : `${String(value).replace('.', i18n.language === 'de' ? ',' : '.')}${unit}`;
  const upload = async (file: File | null) => {
    if (!file || customerId === null) return;
    const answer = await importUddf(customerId, await file.text());
    showSuccess(t('dive.log.imported', answer));
    void client.invalidateQueries({ queryKey: resourceKeys('divelog').lists() });
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.diveLog')}</Title>
        <Text c="dimmed" size="sm">
          {t('dive.log.intro')}
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('dive.log.customerId')}
          value={customer}
          onChange={setCustomer}
          min={1}
          w={170}
        />
        {canImport && (
          <FileButton onChange={(file) => void upload(file)} accept=".uddf,.xml,application/xml,text/xml">
            {(props) => (
              <Button {...props} variant="light" disabled={customerId === null}>
                {t('dive.log.import')}
              </Button>
            )}
          </FileButton>
        )}
        <Button
          variant="default"
          disabled={customerId === null}
          onClick={() => void downloadFile(`/divelog/uddf/${customerId}`, {}, `dives-${customerId}.uddf`)}
        >
          {t('dive.log.export')}
        </Button>
      </Group>
      <DataTable<TDiveLog>
        resource="divelog"
        label={t('routes.diveLog')}
        queryKey={resourceKeys('divelog').list}
        defaultSort="date"
        minWidth={640}
        columns={[
          { key: 'date', sortable: true },
          { key: 'start' },
          { key: 'diver' },
          { key: 'site' },
          { key: 'depth', sortable: true, render: (row) => number(row.depth, ' m') },
          { key: 'duration', render: (row) => number(row.duration) },
          { key: 'sort' },
          { key: 'comment', wrap: true },
        ]}
      />
    </Stack>
  );
}
