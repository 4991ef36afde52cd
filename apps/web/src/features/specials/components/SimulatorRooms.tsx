import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { RecordSelect } from './RecordSelect.tsx';
import {
  newPerson,
  newRoom,
  type TGender,
  type TSimForm,
  type TSimPerson,
  type TSimRoom,
} from './simulator.ts';

type TProps = {
  form: TSimForm;
  onChange: (rooms: TSimRoom[]) => void;
  errors: Record<string, string>;
};

const GENDERS: readonly TGender[] = ['u', 'f', 'm'];
const MAX_ROOMS = 50;
const MAX_PERSONS = 50;

function PersonRow(props: {
  person: TSimPerson;
  n: number;
  onChange: (p: TSimPerson) => void;
  onRemove?: () => void;
}) {
  const { person, n, onChange, onRemove } = props;
  const { t } = useTranslation();
  return (
    <Group
      role="group"
      aria-label={t('specials.simulator.personN', { n })}
      align="flex-end"
      gap="sm"
      wrap="nowrap"
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ flex: 1 }}>
        <NumberInput
          label={t('specials.simulator.age')}
          description={t('specials.simulator.ageHint')}
          value={person.age}
          min={0}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => onChange({ ...person, age: typeof v === 'number' ? v : '' })}
        />
        <Select
          label={t('specials.simulator.gender')}
          data={GENDERS.map((g) => ({ value: g, label: t(`specials.simulator.genders.${g}`) }))}
          value={person.gender}
          onChange={(v) => v && onChange({ ...person, gender: v as TGender })}
          allowDeselect={false}
        />
        <CountrySelect
          label={t('specials.simulator.nationality')}
          value={person.nationality}
          onChange={(code) => onChange({ ...person, nationality: code })}
        />
      </SimpleGrid>
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="red"
          mb={4}
          onClick={onRemove}
          aria-label={t('specials.simulator.removePerson', { n })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The rooms or cabins of the draft: a room type and the persons in it (age, gender, nationality). */
export function SimulatorRooms({ form, onChange, errors }: TProps) {
  const { t } = useTranslation();
  const { rooms } = form;
  const assetId = Number(form.asset === 'resort' ? form.resortId : form.vesselId);
  const filter = form.asset === 'resort' ? { resortId: assetId } : { vesselId: assetId };
  const put = (index: number, room: TSimRoom) => onChange(rooms.map((r, i) => (i === index ? room : r)));

  return (
    <Stack gap="sm">
      {rooms.map((room, index) => {
        const setPerson = (p: number, person: TSimPerson) =>
          put(index, { ...room, persons: room.persons.map((x, i) => (i === p ? person : x)) });
        return (
          <Paper
            key={room.key}
            withBorder
            p="sm"
            radius="md"
            role="group"
            aria-label={t('specials.simulator.roomN', { n: index + 1 })}
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end">
                <Text fw={600} size="sm">
                  {t('specials.simulator.roomN', { n: index + 1 })}
                </Text>
                {rooms.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => onChange(rooms.filter((_, i) => i !== index))}
                  >
                    {t('specials.simulator.removeRoom', { n: index + 1 })}
                  </Button>
                )}
              </Group>
              <RecordSelect
                kind="roomType"
                label={t('specials.simulator.roomType')}
                value={room.roomTypeId}
                onChange={(id) => put(index, { ...room, roomTypeId: id })}
                filter={filter}
                enabled={assetId > 0}
                error={errors[`rooms.${index}.roomTypeId`]}
                required
              />
              {room.persons.map((person, p) => (
                <PersonRow
                  key={person.key}
                  person={person}
                  n={p + 1}
                  onChange={(next) => setPerson(p, next)}
                  {...(room.persons.length > 1
                    ? {
                        onRemove: () =>
                          put(index, { ...room, persons: room.persons.filter((_, i) => i !== p) }),
                      }
                    : {})}
                />
              ))}
              {room.persons.length < MAX_PERSONS && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconUserPlus size={14} aria-hidden />}
                    onClick={() => put(index, { ...room, persons: [...room.persons, newPerson()] })}
                  >
                    {t('specials.simulator.addPerson')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      {rooms.length < MAX_ROOMS && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...rooms, newRoom()])}
          >
            {t('specials.simulator.addRoom')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
