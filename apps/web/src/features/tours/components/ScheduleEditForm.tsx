import { SCHEDULE_STATUSES, type TSchedule, type TScheduleStatus } from '@atoll/domain/inventory/tours';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { fieldErrorsOf, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { usePortOptions, useSaveSchedule } from '../api.ts';
import { overlapsOf } from './format.ts';

const FIELDS = ['from', 'to', 'status', 'embarkPortId', 'disembarkPortId', 'isVisible', 'note'] as const;
const idText = (id: number | null) => (id ? String(id) : '');

type TProps = { schedule: TSchedule; onSaved: (schedule: TSchedule) => void; extraActions?: ReactNode };

/** Dates, status, ports, visibility and note of one departure; an overlap names the departures in the way. */
export function ScheduleEditForm({ schedule, onSaved, extraActions }: TProps) {
  const { t, i18n } = useTranslation();
  const ports = usePortOptions();
  const save = useSaveSchedule();
  const [form, setForm] = useState({
    from: schedule.from,
    to: schedule.to,
    status: schedule.status,
    embarkPortId: idText(schedule.embarkPortId),
    disembarkPortId: idText(schedule.disembarkPortId),
    isVisible: schedule.isVisible,
    note: schedule.note ?? '',
  });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [overlaps, setOverlaps] = useState<string[] | null>(null);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));
  const portData = (ports.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const port = (key: 'embarkPortId' | 'disembarkPortId') => ({
    label: t(`tours.fields.${key.replace(/Id$/, '')}`),
    data: portData,
    value: form[key] || null,
    onChange: (v: string | null) => set(key, v ?? ''),
    clearable: true,
    searchable: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setOverlaps(null);
    const body = {
      ...form,
      embarkPortId: form.embarkPortId ? Number(form.embarkPortId) : null,
      disembarkPortId: form.disembarkPortId ? Number(form.disembarkPortId) : null,
    };
    save.mutate(
      { id: schedule.id, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'SCHEDULE_OVERLAP') {
            setOverlaps(overlapsOf(error, i18n.language));
          } else setErrors(fieldErrorsOf(error, FIELDS));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={900}>
        {overlaps && (
          <Alert color="red" title={t('errors.SCHEDULE_OVERLAP')} role="alert">
            {t('tours.edit_schedule.overlap')} {overlaps.join(', ')}
          </Alert>
        )}
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label={t('tours.fields.from')}
            value={form.from}
            onChange={(e) => set('from', e.currentTarget.value)}
            error={errors.from}
            required
          />
          <TextInput
            type="date"
            label={t('tours.fields.to')}
            value={form.to}
            onChange={(e) => set('to', e.currentTarget.value)}
            error={errors.to}
            required
          />
          <Select
            label={t('tours.fields.status')}
            data={SCHEDULE_STATUSES.map((s) => ({ value: s, label: t(`tours.status.${s}`) }))}
            value={form.status}
            onChange={(v) => v && set('status', v as TScheduleStatus)}
            allowDeselect={false}
            error={errors.status}
          />
          <Switch
            label={t('tours.fields.isVisible')}
            checked={form.isVisible}
            onChange={(e) => set('isVisible', e.currentTarget.checked)}
            mt="md"
          />
          <Select {...port('embarkPortId')} error={errors.embarkPortId} />
          <Select {...port('disembarkPortId')} error={errors.disembarkPortId} />
        </SimpleGrid>
        <Textarea
          label={t('tours.fields.note')}
          value={form.note}
          onChange={(e) => set('note', e.currentTarget.value)}
          autosize
          minRows={2}
          error={errors.note}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
