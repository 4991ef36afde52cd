import type { TCopySeasonAnswer } from '@atoll/domain/inventory/tours';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { READABLE_TITLE } from '../../../components/DetailPage.tsx';
import { type TNamedOption, useCopySeason } from '../api.ts';
import { formatRange } from './format.ts';

type TProps = { opened: boolean; onClose: () => void; vessels: TNamedOption[]; initialVessel: string };

/** Copies a season of departures of one vessel N years later (`POST schedules/copy/{from}/{to}`). */
export function CopySeasonModal({ opened, onClose, vessels, initialVessel }: TProps) {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
  const [vessel, setVessel] = useState(initialVessel);
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [years, setYears] = useState(1);
  const [result, setResult] = useState<TCopySeasonAnswer | null>(null);
  const copy = useCopySeason();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    copy.mutate({ vesselId: Number(vessel), from, to, years }, { onSuccess: setResult });
  };
  const close = () => {
    setResult(null);
    copy.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('tours.copy.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('tours.copy.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('tours.fields.vessel')}
              data={vessels.map((v) => ({ value: String(v.id), label: v.name }))}
              value={vessel || null}
              onChange={(v) => setVessel(v ?? '')}
              required
              searchable
            />
            <NumberInput
              label={t('tours.copy.years')}
              value={years}
              min={1}
              max={10}
              onChange={(n) => setYears(typeof n === 'number' ? n : 1)}
            />
            <TextInput
              type="date"
              label={t('tours.schedules.filterFrom')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              required
            />
            <TextInput
              type="date"
              label={t('tours.schedules.filterTo')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
            />
          </SimpleGrid>
          {copy.error && <Alert color="red">{apiErrorText(copy.error as ApiError)}</Alert>}
          {result && (
            <Alert
              color="teal"
              styles={READABLE_TITLE}
              title={t('tours.copy.created', { count: result.created.length })}
            >
              {result.skipped.length === 0 ? (
                <Text size="sm">{t('tours.copy.noneSkipped')}</Text>
              ) : (
                <>
                  <Text size="sm" fw={600}>
                    {t('tours.copy.skipped')}
                  </Text>
                  <List size="sm">
                    {result.skipped.map((s) => (
                      <List.Item key={s.from}>
                        {formatRange(s.from, s.to, i18n.language)}: {t(`errors.${s.reason}`)}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={copy.isPending} disabled={!vessel || !from || !to}>
              {t('tours.copy.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
