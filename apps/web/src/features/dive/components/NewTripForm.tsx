import { CERT_LEVELS } from '@atoll/domain/dive/readiness';
import { Button, Checkbox, Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOption } from '../api.ts';

type TProps = {
  options: { boats: TOption[]; sites: TOption[]; types: TOption[]; guides: TOption[] };
  isSaving: boolean;
  onAdd: (body: Record<string, unknown>) => void;
};

const id = (value: string | null) => (value ? Number(value) : null);

/** A new trip of the day: time, boat, site, dive type, guides and divers per guide. */
export function NewTripForm({ options, isSaving, onAdd }: TProps) {
  const { t } = useTranslation();
  const [time, setTime] = useState('08:30');
  const [boat, setBoat] = useState<string | null>(null);
  const [site, setSite] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [guides, setGuides] = useState<string[]>([]);
  const [perGuide, setPerGuide] = useState<number>(4);
  const [minLevel, setMinLevel] = useState<string | null>(null);
  const [nitrox, setNitrox] = useState(false);
  const levels = CERT_LEVELS.map((value) => ({ value, label: t(`dive.levels.${value}`) }));
  const add = () =>
    onAdd({
      time,
      boatId: id(boat),
      siteId: id(site),
      typeId: id(type),
      guideIds: guides.map(Number),
      maxPerGuide: perGuide,
      requirements: { minLevel, nitrox },
    });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="time"
        label={t('dive.plan.time')}
        required
        value={time}
        w={130}
        onChange={(e) => setTime(e.currentTarget.value)}
      />
      <Select
        label={t('dive.plan.boat')}
        data={options.boats}
        value={boat}
        onChange={setBoat}
        clearable
        w={170}
      />
      <Select
        label={t('dive.plan.site')}
        data={options.sites}
        value={site}
        onChange={setSite}
        clearable
        searchable
        w={190}
      />
      <Select
        label={t('dive.plan.type')}
        data={options.types}
        value={type}
        onChange={setType}
        clearable
        w={150}
      />
      <MultiSelect
        label={t('dive.plan.guides')}
        searchable
        data={options.guides}
        value={guides}
        onChange={setGuides}
        w={220}
      />
      <NumberInput
        label={t('dive.plan.maxPerGuide')}
        value={perGuide}
        min={1}
        max={20}
        w={130}
        onChange={(v) => setPerGuide(typeof v === 'number' ? v : 4)}
      />
      <Select
        label={t('dive.plan.minLevel')}
        data={levels}
        value={minLevel}
        onChange={setMinLevel}
        clearable
        w={160}
      />
      <Checkbox
        label={t('dive.plan.nitrox')}
        checked={nitrox}
        onChange={(e) => setNitrox(e.currentTarget.checked)}
        mb={8}
      />
      <Button onClick={add} loading={isSaving} disabled={!/^\d{2}:\d{2}$/.test(time)}>
        {t('dive.plan.addTrip')}
      </Button>
    </Group>
  );
}
