import {
  Autocomplete,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Dispatch, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TCustomerHit, useCustomerSearch } from '../../api.ts';
import {
  emptyGuest,
  type TGender,
  type TWizard,
  type TWizardAction,
  type TWizardGuest,
} from './wizardState.ts';

type TGuestProps = {
  guest: TWizardGuest;
  label: string;
  onChange: (guest: TWizardGuest) => void;
};

/** The option text: the name, and the number that tells namesakes apart. */
const display = (hit: TCustomerHit) => `${hit.fullName} (#${hit.id})`;

/** A customer found by search; gender and age come from the record. */
export function CustomerPicker({ guest, label, onChange }: TGuestProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(guest.customerId !== null ? guest.name : '');
  const [debounced] = useDebouncedValue(search, 250);
  const hits = useCustomerSearch(debounced).data ?? [];
  return (
    <Autocomplete
      label={t('bookings.wizard.customer', { guest: label })}
      placeholder={t('bookings.wizard.customerSearch')}
      value={search}
      onChange={(value) => {
        setSearch(value);
        // Typing after a choice drops the chosen customer until one is chosen again.
        if (guest.customerId !== null && !hits.some((h) => display(h) === value)) onChange(emptyGuest());
      }}
      data={hits.map(display)}
      filter={({ options }) => options}
      onOptionSubmit={(value) => {
        const hit = hits.find((h) => display(h) === value);
        if (hit) onChange({ customerId: hit.id, name: hit.fullName, gender: hit.gender, age: hit.age });
      }}
    />
  );
}

function GuestFields({ guest, label, onChange }: TGuestProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'customer' | 'placeholder'>(
    guest.customerId !== null ? 'customer' : 'placeholder',
  );
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{label}</Text>
        <SegmentedControl
          size="xs"
          aria-label={t('bookings.wizard.guestKind', { guest: label })}
          value={kind}
          onChange={(v) => {
            setKind(v as typeof kind);
            onChange(emptyGuest());
          }}
          data={[
            { value: 'placeholder', label: t('bookings.wizard.placeholder') },
            { value: 'customer', label: t('bookings.wizard.customerKind') },
          ]}
        />
      </Group>
      {kind === 'customer' ? (
        <>
          <CustomerPicker guest={guest} label={label} onChange={onChange} />
          {guest.customerId !== null && (
            <Text size="sm" c="dimmed">
              {t('bookings.wizard.customerFacts', {
                gender: t(`bookings.wizard.genders.${guest.gender}`),
                age: guest.age ?? '–',
              })}
            </Text>
          )}
        </>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('bookings.wizard.guestName', { guest: label })}
            value={guest.name}
            onChange={(e) => onChange({ ...guest, customerId: null, name: e.currentTarget.value })}
            required
          />
          <Select
            label={t('bookings.wizard.gender', { guest: label })}
            data={(['u', 'f', 'm'] as const).map((g) => ({
              value: g,
              label: t(`bookings.wizard.genders.${g}`),
            }))}
            value={guest.gender}
            onChange={(v) => onChange({ ...guest, gender: (v ?? 'u') as TGender })}
            allowDeselect={false}
            w={160}
          />
          <NumberInput
            label={t('bookings.wizard.age', { guest: label })}
            min={0}
            max={120}
            allowDecimal={false}
            value={guest.age ?? ''}
            onChange={(v) => onChange({ ...guest, age: v === '' ? null : Number(v) })}
            w={120}
          />
        </Group>
      )}
    </Stack>
  );
}

/** Step 4: per room, every guest a customer or a placeholder (name, gender, age). */
export function GuestsStep({ state, dispatch }: { state: TWizard; dispatch: Dispatch<TWizardAction> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {state.rooms.map((room) => (
        <Card key={room.roomId} withBorder padding="sm">
          <Title order={4} mb="xs">
            {room.roomName}
          </Title>
          <Stack gap="md">
            {room.guests.map((guest, index) => {
              const label = t('bookings.wizard.guestNo', { n: index + 1, room: room.roomName });
              return (
                <GuestFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: guests are positions in the room
                  key={index}
                  guest={guest}
                  label={label}
                  onChange={(g) => dispatch({ type: 'guest', roomId: room.roomId, index, guest: g })}
                />
              );
            })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
