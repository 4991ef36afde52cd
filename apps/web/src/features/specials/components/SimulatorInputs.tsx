import { BOOKING_CHANNELS, type TBookingChannel } from '@atoll/domain/pricing/entities';
import { Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { RecordSelect } from './RecordSelect.tsx';
import { daysBefore, type TAssetKind, type TSimForm } from './simulator.ts';

export type TSimSet = <K extends keyof TSimForm>(key: K, value: TSimForm[K]) => void;
type TProps = { form: TSimForm; set: TSimSet; errors: Record<string, string> };

/** Resort and dates, or vessel and departure: what is priced. */
function StayFields({ form, set, errors }: TProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`specials.simulator.${field}`);
  if (form.asset === 'resort')
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <RecordSelect
          kind="resort"
          label={label('resort')}
          value={form.resortId}
          onChange={(id) => set('resortId', id)}
          error={errors.resortId}
          required
        />
        <TextInput
          type="date"
          label={label('from')}
          value={form.from}
          onChange={(e) => set('from', e.currentTarget.value)}
          error={errors.from}
          required
        />
        <TextInput
          type="date"
          label={label('to')}
          value={form.to}
          onChange={(e) => set('to', e.currentTarget.value)}
          error={errors.to}
          required
        />
      </SimpleGrid>
    );
  const vesselId = Number(form.vesselId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <RecordSelect
        kind="vessel"
        label={label('vessel')}
        value={form.vesselId}
        onChange={(id) => {
          set('vesselId', id);
          set('scheduleId', '');
        }}
        error={errors.vesselId}
        required
      />
      <RecordSelect
        kind="schedule"
        label={label('schedule')}
        value={form.scheduleId}
        onChange={(id) => set('scheduleId', id)}
        filter={{ vesselId, from: { $gte: todayIso() } }}
        enabled={vesselId > 0}
        error={errors.scheduleId}
        required
      />
    </SimpleGrid>
  );
}

/**
 * What the simulator prices: a resort stay or a departure, who books it (agency, channel), when it is
 * booked (the evaluation date of specials) and in which currency.
 */
export function SimulatorInputs({ form, set, errors }: TProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`specials.simulator.${field}`);
  const days = form.asset === 'resort' ? daysBefore(form) : null;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={label('asset')}
        value={form.asset}
        onChange={(v) => {
          set('asset', v as TAssetKind);
          set(
            'rooms',
            form.rooms.map((r) => ({ ...r, roomTypeId: '' })),
          );
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="resort" label={label('assetResort')} />
          <Radio value="vessel" label={label('assetVessel')} />
        </Group>
      </Radio.Group>
      <StayFields form={form} set={set} errors={errors} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <RecordSelect
          kind="agency"
          label={label('agency')}
          value={form.agencyId}
          onChange={(id) => set('agencyId', id)}
          description={t('specials.simulator.agencyHint')}
        />
        <Select
          label={label('channel')}
          data={BOOKING_CHANNELS.map((c) => ({ value: c, label: t(`specials.channels.${c}`) }))}
          value={form.channel}
          onChange={(v) => v && set('channel', v as TBookingChannel)}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={label('bookingDate')}
          value={form.bookingDate}
          onChange={(e) => set('bookingDate', e.currentTarget.value)}
          description={days === null ? undefined : t('specials.simulator.daysBefore', { count: days })}
        />
        <CurrencySelect
          label={label('currency')}
          value={form.currency || null}
          onChange={(code) => set('currency', code ?? '')}
        />
      </SimpleGrid>
    </Stack>
  );
}
