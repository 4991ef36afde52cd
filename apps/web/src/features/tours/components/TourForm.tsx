import type { TTour } from '@atoll/domain/inventory/tours';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconAlignLeft, IconMap, IconPhoto, IconRoute } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useDestinationOptions, usePortOptions, useSaveTour, useVesselOptions } from '../api.ts';
import { ItineraryEditor } from './ItineraryEditor.tsx';
import { LocalizedFields } from './LocalizedFields.tsx';
import { TOUR_FIELDS, type TTourForm, toTourBody, toTourForm } from './tourForm.ts';

type TProps = { tour?: TTour; onSaved: (tour: TTour) => void; extraActions?: ReactNode };

const options = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** Create or edit a tour: basics, texts per language, the itinerary and images. */
export function TourForm({ tour, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TTourForm>(() => toTourForm(tour));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const vessels = useVesselOptions();
  const destinations = useDestinationOptions();
  const ports = usePortOptions();
  const portOptions = options(ports.data);
  const save = useSaveTour();
  const formRef = useRef<HTMLFormElement>(null);
  const label = (field: string) => t(`tours.fields.${field}`);

  const set = <K extends keyof TTourForm>(key: K, value: TTourForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const select = (
    key: 'vesselId' | 'destinationId' | 'embarkPortId' | 'disembarkPortId',
    data: { value: string; label: string }[],
  ) => ({
    label: label(key.replace(/Id$/, '')),
    data,
    value: form[key] || null,
    onChange: (value: string | null) => set(key, value ?? ''),
    clearable: true,
    searchable: true,
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { ...(tour ? { id: tour.id } : {}), body: toTourBody(form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, TOUR_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SectionCard title={t('tours.edit.basics')} icon={IconRoute}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('name')}
              value={form.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              required
            />
            <TextInput
              label={label('code')}
              value={form.code}
              onChange={(e) => set('code', e.currentTarget.value)}
              error={errors.code}
            />
            <Select {...select('vesselId', options(vessels.data))} />
            <Select {...select('destinationId', options(destinations.data))} />
            <Select {...select('embarkPortId', portOptions)} />
            <Select {...select('disembarkPortId', portOptions)} />
            <NumberInput
              label={label('nights')}
              value={form.nights}
              min={1}
              max={365}
              onChange={(n) => set('nights', typeof n === 'number' ? n : 1)}
              error={errors.nights}
            />
            <ColorInput
              label={label('color')}
              value={form.color}
              onChange={(c) => set('color', c)}
              format="hex"
              error={errors.color}
              eyeDropperButtonProps={{ 'aria-label': t('common.pickColor') }}
            />
            <Switch
              label={label('isActive')}
              checked={form.isActive}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
            />
            <Switch
              label={label('isVisible')}
              checked={form.isVisible}
              onChange={(e) => set('isVisible', e.currentTarget.checked)}
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title={t('tours.edit.texts')} icon={IconAlignLeft}>
          <Stack gap="sm">
            <LocalizedFields
              label={label('description')}
              value={form.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
            />
            <LocalizedFields
              label={label('included')}
              value={form.included}
              onChange={(v) => set('included', v)}
              error={errors.included}
              minRows={2}
            />
            <LocalizedFields
              label={label('excluded')}
              value={form.excluded}
              onChange={(v) => set('excluded', v)}
              error={errors.excluded}
              minRows={2}
            />
          </Stack>
        </SectionCard>
        <SectionCard title={t('tours.edit.itinerary')} icon={IconMap}>
          <ItineraryEditor
            value={form.itinerary}
            onChange={(days) => set('itinerary', days)}
            ports={portOptions}
          />
          {errors.itinerary && (
            <Alert color="red" mt="sm">
              {errors.itinerary}
            </Alert>
          )}
        </SectionCard>
        <SectionCard title={label('images')} icon={IconPhoto}>
          <ImagePicker
            label={label('images')}
            value={form.images}
            onChange={(ids) => set('images', ids)}
            max={50}
          />
        </SectionCard>
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
