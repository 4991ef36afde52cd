import type { TLanguage } from '@atoll/domain/constants';
import type { TVesselList } from '@atoll/domain/inventory/vessels';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { useVesselOptions, useVesselSchedules } from '../api.ts';
import { openPdf } from '../openPdf.ts';

type TProps = { list: TVesselList; onClose: () => void };

/** An ISO day as DD.MM.YYYY in German, unchanged in English (spec platform §9). */
/**
 * Asks for the departure a vessel list is printed for (of the list's vessel, or of a chosen one for lists
 * that serve every vessel) and opens the PDF.
 */
export function PrintListModal({ list, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const vessels = useVesselOptions();
  const [vesselId, setVesselId] = useState<number | null>(list.vesselId);
  const schedules = useVesselSchedules(vesselId);
  const [scheduleId, setScheduleId] = useState<string | null>(null);
  const lang = i18n.language as TLanguage;

  const print = () => {
    if (!scheduleId) return;
    void openPdf(`/vessellist/${list.id}/print/${scheduleId}`, { lang }, `${list.name}.pdf`);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('vessels.print.title', { name: list.name })}>
      <Stack gap="md">
        {list.vesselId === null && (
          <Select
            label={t('resources.vessellist.fields.vesselId')}
            data={(vessels.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
            value={vesselId ? String(vesselId) : null}
            onChange={(value) => {
              setVesselId(value ? Number(value) : null);
              setScheduleId(null);
            }}
            searchable
          />
        )}
        {vesselId !== null && (
          <Select
            label={t('vessels.print.schedule')}
            data={(schedules.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${formatDay(s.from, lang)} – ${formatDay(s.to, lang)}${s.tourName ? ` · ${s.tourName}` : ''}`,
            }))}
            value={scheduleId}
            onChange={setScheduleId}
            searchable
            nothingFoundMessage={t('vessels.print.noSchedules')}
            disabled={schedules.isPending}
          />
        )}
        {vesselId !== null && schedules.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('vessels.print.noSchedules')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={!scheduleId} onClick={print}>
            {t('vessels.print.open')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
