import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = { isSaving: boolean; onAdd: (body: Record<string, unknown>) => void };

const orNull = (value: string) => value.trim() || null;

/** A walk-in diver of the day with what readiness needs: certification, dives, medical, insurance. */
export function DayGuestForm({ isSaving, onAdd }: TProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [cert, setCert] = useState('');
  const [dives, setDives] = useState(0);
  const [medical, setMedical] = useState('');
  const [insurance, setInsurance] = useState('');
  const add = () => {
    onAdd({
      name: name.trim(),
      certLevel: orNull(cert),
      loggedDives: dives,
      medicalDate: orNull(medical),
      insurance: orNull(insurance),
    });
    setName('');
    setCert('');
    setDives(0);
    setMedical('');
    setInsurance('');
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('dive.plan.name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        w={180}
      />
      <TextInput
        label={t('dive.plan.certLevel')}
        value={cert}
        onChange={(e) => setCert(e.currentTarget.value)}
        w={180}
      />
      <NumberInput
        label={t('dive.plan.loggedDives')}
        value={dives}
        min={0}
        w={130}
        onChange={(v) => setDives(typeof v === 'number' ? v : 0)}
      />
      <TextInput
        type="date"
        label={t('dive.plan.medicalDate')}
        value={medical}
        w={190}
        onChange={(e) => setMedical(e.currentTarget.value)}
      />
      <TextInput
        label={t('dive.plan.insurance')}
        value={insurance}
        w={160}
        onChange={(e) => setInsurance(e.currentTarget.value)}
      />
      <Button variant="light" onClick={add} loading={isSaving} disabled={!name.trim()}>
        {t('dive.plan.addGuest')}
      </Button>
    </Group>
  );
}
