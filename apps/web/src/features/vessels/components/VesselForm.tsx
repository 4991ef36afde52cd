import { LANGUAGES } from '@atoll/domain/constants';
import { timeZones } from '@atoll/domain/inventory/resorts';
import type { TVessel } from '@atoll/domain/inventory/vessels';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { usePorts, useSaveVessel } from '../api.ts';
import {
  NUMBER_DETAILS,
  TEXT_DETAILS,
  type TVesselForm,
  toVesselBody,
  toVesselForm,
  VESSEL_FIELDS,
} from './vesselForm.ts';

type TProps = { vessel?: TVessel; onSaved: (vessel: TVessel) => void; extraActions?: ReactNode };

const LEGEND = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

/** Create or edit a vessel; server validation errors appear on the fields they name. */
export function VesselForm({ vessel, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TVesselForm>(() => toVesselForm(vessel));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const ports = usePorts();
  const save = useSaveVessel();
  const formRef = useRef<HTMLFormElement>(null);
  const zones = useMemo(() => timeZones(), []);
  const label = (field: string) => t(`resources.vessel.fields.${field}`);
  // A port the list cannot show (not loaded, or not readable) stays visible as its id.
  const portOptions = useMemo(() => {
    const options = (ports.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
    const current = form.homePortId;
    return current && !options.some((o) => o.value === current)
      ? [{ value: current, label: `#${current}` }, ...options]
      : options;
  }, [ports.data, form.homePortId]);

  const set = <K extends keyof TVesselForm>(key: K, value: TVesselForm[K], errorKey: string = key) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [errorKey]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: t('form.invalid.required') });
      return focusFirstError(formRef.current);
    }
    setErrors({});
    save.mutate(
      { ...(vessel ? { id: vessel.id } : {}), body: toVesselBody(form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, VESSEL_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <Fieldset legend={t('vessels.edit.basics')} miw={0} styles={LEGEND}>
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
            <CurrencySelect
              label={label('currency')}
              value={form.currency}
              onChange={(code) => code && set('currency', code)}
              error={errors.currency}
              required
            />
            <Select
              label={label('timeZone')}
              data={zones}
              value={form.timeZone}
              onChange={(zone) => zone && set('timeZone', zone)}
              searchable
              allowDeselect={false}
              error={errors.timeZone}
              required
            />
            <Select
              label={label('homePortId')}
              data={portOptions}
              value={form.homePortId}
              description={ports.isError ? t('vessels.edit.portsUnavailable') : undefined}
              onChange={(id) => set('homePortId', id)}
              searchable
              clearable
              error={errors.homePortId}
            />
            <NumberInput
              label={label('sort')}
              value={form.sort}
              onChange={(v) => set('sort', typeof v === 'number' ? v : 0)}
              allowDecimal={false}
              error={errors.sort}
            />
            <Switch
              label={label('isActive')}
              checked={form.isActive}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
            />
            <Switch
              label={label('isVisible')}
              description={t('vessels.edit.visibleHint')}
              checked={form.isVisible}
              onChange={(e) => set('isVisible', e.currentTarget.checked)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('vessels.edit.details')} miw={0} styles={LEGEND}>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
            {NUMBER_DETAILS.map((key) => (
              <NumberInput
                key={key}
                label={label(`details.${key}`)}
                value={form.numbers[key]}
                onChange={(v) =>
                  set('numbers', { ...form.numbers, [key]: typeof v === 'number' ? v : '' }, `details.${key}`)
                }
                min={0}
                allowNegative={false}
                decimalScale={key === 'length' || key === 'beam' || key === 'speed' ? 2 : 0}
                error={errors[`details.${key}`]}
              />
            ))}
            <CountrySelect
              label={label('details.flag')}
              value={form.flag}
              onChange={(code) => set('flag', code, 'details.flag')}
              error={errors['details.flag']}
            />
            {TEXT_DETAILS.map((key) => (
              <TextInput
                key={key}
                label={label(`details.${key}`)}
                value={form.texts[key]}
                onChange={(e) =>
                  set('texts', { ...form.texts, [key]: e.currentTarget.value }, `details.${key}`)
                }
                error={errors[`details.${key}`]}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('vessels.edit.presentation')} miw={0} styles={LEGEND}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {LANGUAGES.map((lang) => (
                <Textarea
                  key={lang}
                  label={`${label('description')} (${t(`languages.${lang}`)})`}
                  value={form.description[lang]}
                  onChange={(e) => set('description', { ...form.description, [lang]: e.currentTarget.value })}
                  autosize
                  minRows={3}
                  maxRows={10}
                  error={lang === 'de' ? errors.description : undefined}
                />
              ))}
            </SimpleGrid>
            <ImagePicker label={label('images')} value={form.images} onChange={(ids) => set('images', ids)} />
            {errors.images && <Alert color="red">{errors.images}</Alert>}
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={save.isPending}>
            {t(vessel ? 'common.save' : 'common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
