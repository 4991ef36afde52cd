import type { TWritableState } from '@atoll/domain/bookings';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOption } from '../../api.ts';
import type { TWizard, TWizardAction } from './wizardState.ts';

type TProps = {
  state: TWizard;
  dispatch: Dispatch<TWizardAction>;
  /** Staff only: agents always book for their own agency. */
  agencies: TOption[] | null;
  saving: TWritableState | null;
  onSave: (state: TWritableState) => void;
};

const SAVES: { state: TWritableState; key: string }[] = [
  { state: 'draft', key: 'saveOffer' },
  { state: 'planned', key: 'saveReservation' },
  { state: 'confirmed', key: 'saveBooking' },
];

/** Step 6: agency, language and note; save as offer, reservation or booking. */
export function FinishStep({ state, dispatch, agencies, saving, onSave }: TProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={600}>
      {agencies && (
        <Select
          label={t('bookings.wizard.agency')}
          placeholder={t('bookings.wizard.noAgency')}
          data={agencies}
          value={state.agencyId === null ? null : String(state.agencyId)}
          onChange={(v) => dispatch({ type: 'finish', patch: { agencyId: v ? Number(v) : null } })}
          searchable
          clearable
        />
      )}
      <Select
        label={t('bookings.wizard.language')}
        data={[
          { value: 'de', label: t('bookings.wizard.languages.de') },
          { value: 'en', label: t('bookings.wizard.languages.en') },
        ]}
        value={state.language}
        onChange={(v) => dispatch({ type: 'finish', patch: { language: v === 'de' ? 'de' : 'en' } })}
        allowDeselect={false}
      />
      <Textarea
        label={t('bookings.wizard.note')}
        value={state.note}
        onChange={(e) => dispatch({ type: 'finish', patch: { note: e.currentTarget.value } })}
        autosize
        minRows={2}
        maxLength={5000}
      />
      <Group gap="sm" wrap="wrap">
        {SAVES.map((s) => (
          <Button
            key={s.state}
            variant={s.state === 'confirmed' ? 'filled' : 'default'}
            loading={saving === s.state}
            disabled={saving !== null && saving !== s.state}
            onClick={() => onSave(s.state)}
          >
            {t(`bookings.wizard.${s.key}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
