import type { TRoom } from '@atoll/domain/inventory/rooms';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
} from '@mantine/core';
import {
  IconAdjustments,
  IconBed,
  IconFileDescription,
  IconHome,
  IconPhoto,
  IconToggleLeft,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { type TAssetKind, useSaveRoom } from '../api.ts';
import { BedsEditor } from './BedsEditor.tsx';
import { RoomBasicsFields } from './RoomBasicsFields.tsx';
import {
  CONFIGURATION_FLAGS,
  ROOM_FIELDS,
  ROOM_FLAGS,
  type TRoomForm,
  toRoomBody,
  toRoomForm,
} from './roomForm.ts';

type TProps = {
  room?: TRoom;
  /** Asset kinds the user may write; the first is the default of a new room. */
  kinds: TAssetKind[];
  onSaved: (room: TRoom) => void;
  extraActions?: ReactNode;
};

const PAX = ['minNoOfPax', 'defaultNoOfPax', 'maxNoOfPax'] as const;

/** Create or edit a room or cabin; server validation errors appear on the fields they name. */
export function RoomForm({ room, kinds, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TRoomForm>(() => {
    const initial = toRoomForm(room);
    return room || kinds.includes(initial.assetKind) || !kinds[0]
      ? initial
      : { ...initial, assetKind: kinds[0], type: kinds[0] === 'vessel' ? 'Cabin' : 'Room' };
  });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useSaveRoom();
  const formRef = useRef<HTMLFormElement>(null);
  const label = (field: string) => t(`rooms.fields.${field}`);

  const set = <K extends keyof TRoomForm>(key: K, value: TRoomForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { ...(room ? { id: room.id } : {}), body: toRoomBody(form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, ROOM_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SectionCard title={t('rooms.edit.basics')} icon={IconHome}>
          <RoomBasicsFields
            form={form}
            set={set}
            errors={errors}
            kinds={room ? ['resort', 'vessel'] : kinds}
          />
        </SectionCard>

        <SectionCard title={t('rooms.edit.flags')} icon={IconToggleLeft}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {ROOM_FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={label(flag)}
                checked={form.flags[flag]}
                onChange={(e) => set('flags', { ...form.flags, [flag]: e.currentTarget.checked })}
              />
            ))}
          </SimpleGrid>
        </SectionCard>

        <SectionCard title={t('rooms.edit.configuration')} icon={IconAdjustments}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {PAX.map((key) => (
                <NumberInput
                  key={key}
                  label={label(key)}
                  value={form.pax[key]}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  onChange={(value) => set('pax', { ...form.pax, [key]: Number(value) || 1 })}
                  error={errors[`configuration.${key}`]}
                />
              ))}
            </SimpleGrid>
            <Group gap="lg">
              {CONFIGURATION_FLAGS.map((flag) => (
                <Checkbox
                  key={flag}
                  label={label(flag)}
                  checked={form.features[flag]}
                  onChange={(e) => set('features', { ...form.features, [flag]: e.currentTarget.checked })}
                />
              ))}
            </Group>
          </Stack>
        </SectionCard>

        <SectionCard title={t('rooms.edit.beds')} icon={IconBed}>
          <BedsEditor
            beds={form.beds}
            onChange={(beds) => set('beds', beds)}
            error={errors['configuration.beds']}
          />
        </SectionCard>

        <SectionCard title={t('rooms.edit.description')} icon={IconFileDescription}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['de', 'en'] as const).map((lang) => (
              <Textarea
                key={lang}
                label={t(`rooms.edit.descriptionIn.${lang}`)}
                autosize
                minRows={3}
                maxRows={12}
                value={form.description[lang]}
                onChange={(e) => set('description', { ...form.description, [lang]: e.currentTarget.value })}
                error={errors[`description.${lang}`]}
              />
            ))}
          </SimpleGrid>
        </SectionCard>

        <SectionCard title={t('rooms.edit.images')} icon={IconPhoto}>
          <ImagePicker
            label={label('images')}
            value={form.images}
            onChange={(ids) => set('images', ids)}
            max={100}
          />
        </SectionCard>

        <Group>
          <Button type="submit" loading={save.isPending}>
            {room ? t('common.save') : t('common.create')}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
