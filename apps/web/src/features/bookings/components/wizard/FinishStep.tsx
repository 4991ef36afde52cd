import type { TWritableState } from '@atoll/domain/bookings';
import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { type Dispatch, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOption } from '../../api.ts';
import { CustomerPicker } from './GuestsStep.tsx';
import { bookerOf, emptyGuest, hasBooker, type TWizard, type TWizardAction } from './wizardState.ts';

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

/** What saving as a booking (confirmed) does, said before it is done. */
const CONFIRM_CONSEQUENCES = ['hold', 'payments', 'mail'] as const;

/**
 * Step 6: agency, the booking's customer (or an explicit walk-in guest), language and note; save as offer,
 * reservation or booking, the last after a question that says what confirming does.
 */
export function FinishStep({ state, dispatch, agencies, saving, onSave }: TProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [chosenName, setChosenName] = useState('');
  // The office names the customer; agents book for their own agency.
  const needsBooker = agencies !== null;
  const booker = bookerOf(state);
  const bookerName =
    state.customerId !== null
      ? chosenName
      : (state.rooms.flatMap((r) => r.guests).find((g) => g.customerId === booker)?.name ?? '');
  const ready = !needsBooker || hasBooker(state);
  const save = (target: TWritableState) => (target === 'confirmed' ? setConfirming(true) : onSave(target));
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
      {needsBooker && state.agencyId === null && (
        <Stack gap="xs">
          <Text size="sm" data-testid="wizard-booker">
            {booker !== null
              ? t('bookings.wizard.bookerIs', { name: bookerName })
              : t('bookings.wizard.bookerMissing')}
          </Text>
          <CustomerPicker
            guest={
              state.customerId !== null
                ? { ...emptyGuest(), customerId: state.customerId, name: chosenName }
                : emptyGuest()
            }
            label={t('bookings.wizard.theBooking')}
            onChange={(guest) => {
              setChosenName(guest.name);
              dispatch({ type: 'finish', patch: { customerId: guest.customerId } });
            }}
          />
          <Checkbox
            label={t('bookings.wizard.walkIn')}
            description={t('bookings.wizard.walkInHint')}
            checked={state.walkIn && booker === null}
            disabled={booker !== null}
            onChange={(e) => dispatch({ type: 'finish', patch: { walkIn: e.currentTarget.checked } })}
          />
        </Stack>
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
            disabled={!ready || (saving !== null && saving !== s.state)}
            onClick={() => save(s.state)}
          >
            {t(`bookings.wizard.${s.key}`)}
          </Button>
        ))}
      </Group>
      {!ready && <Alert color="yellow">{t('bookings.wizard.bookerNeeded')}</Alert>}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('bookings.wizard.confirmTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('bookings.wizard.confirmIntro')}</Text>
          <List size="sm" spacing={4}>
            {CONFIRM_CONSEQUENCES.map((key) => (
              <List.Item key={key}>{t(`bookings.wizard.confirmWhat.${key}`)}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onSave('confirmed');
              }}
            >
              {t('bookings.wizard.saveBooking')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
