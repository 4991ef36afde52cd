import { LANGUAGES } from '@atoll/domain/constants';
import type { TResort } from '@atoll/domain/inventory/resorts';
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
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { useResortConstants, useSaveResort } from '../api.ts';
import {
  RESORT_FIELDS,
  type TResortForm,
  type TResortTextField,
  toResortBody,
  toResortForm,
} from './resortForm.ts';

type TProps = {
  resort?: TResort;
  /** False: the form is shown read-only (no resort.update / resort.create). */
  editable: boolean;
  onSaved: (resort: TResort) => void;
  extraActions?: ReactNode;
};

const LEGEND_STYLES = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset legend={title} miw={0} styles={LEGEND_STYLES}>
      {children}
    </Fieldset>
  );
}

/** Create or edit a resort; server validation errors appear on the fields they name. */
export function ResortForm({ resort, editable, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TResortForm>(() => toResortForm(resort));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const constants = useResortConstants();
  const save = useSaveResort();
  const formRef = useRef<HTMLFormElement>(null);
  const label = (field: string) => t(`resources.resort.fields.${field}`);

  const set = <K extends keyof TResortForm>(key: K, value: TResortForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setAddress = (field: keyof TResortForm['address'], value: string) => {
    setForm((prev) => ({ ...prev, address: { ...prev.address, [field]: value } }));
    setErrors(({ [`address.${field}`]: _, ...rest }) => rest);
  };
  const text = (key: TResortTextField) => ({
    label: label(key),
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key],
    disabled: !editable,
  });
  const address = (field: keyof TResortForm['address']) => ({
    label: label(`address.${field}`),
    value: form.address[field],
    onChange: (e: { currentTarget: { value: string } }) => setAddress(field, e.currentTarget.value),
    error: errors[`address.${field}`],
    disabled: !editable,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: t('form.invalid.required') });
      return focusFirstError(formRef.current);
    }
    setErrors({});
    save.mutate(
      { ...(resort ? { id: resort.id } : {}), body: toResortBody(form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, RESORT_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <Section title={t('resorts.edit.basics')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('name')} required />
            <TextInput {...text('code')} />
            <NumberInput
              label={label('sort')}
              value={form.sort}
              onChange={(value) => set('sort', typeof value === 'number' ? value : 0)}
              allowDecimal={false}
              error={errors.sort}
              disabled={!editable}
            />
            <Group mt="md">
              <Switch
                label={t('common.active')}
                checked={form.isActive}
                onChange={(e) => set('isActive', e.currentTarget.checked)}
                disabled={!editable}
              />
              <Switch
                label={label('isVisible')}
                checked={form.isVisible}
                onChange={(e) => set('isVisible', e.currentTarget.checked)}
                disabled={!editable}
              />
            </Group>
          </SimpleGrid>
        </Section>

        <Section title={t('resorts.edit.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...address('street')} />
            <TextInput {...address('zip')} />
            <TextInput {...address('city')} />
            <TextInput {...address('state')} />
            <CountrySelect
              label={label('address.country')}
              value={form.address.country || null}
              onChange={(code) => setAddress('country', code ?? '')}
              error={errors['address.country']}
              disabled={!editable}
            />
            <TextInput {...text('email')} type="email" />
            <TextInput {...text('phone')} type="tel" />
            <TextInput {...text('website')} type="url" />
          </SimpleGrid>
        </Section>

        <Section title={t('resorts.edit.operation')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="time"
              label={label('checkInTime')}
              value={form.checkInTime}
              onChange={(e) => set('checkInTime', e.currentTarget.value)}
              error={errors.checkInTime}
              disabled={!editable}
            />
            <TextInput
              type="time"
              label={label('checkOutTime')}
              value={form.checkOutTime}
              onChange={(e) => set('checkOutTime', e.currentTarget.value)}
              error={errors.checkOutTime}
              disabled={!editable}
            />
            <Select
              label={label('timeZone')}
              data={constants.data?.timeZones ?? [form.timeZone]}
              value={form.timeZone}
              onChange={(value) => value && set('timeZone', value)}
              searchable
              allowDeselect={false}
              limit={100}
              error={errors.timeZone}
              disabled={!editable}
            />
            <CurrencySelect
              label={label('currency')}
              value={form.currency}
              onChange={(code) => code && set('currency', code)}
              required
              error={errors.currency}
              disabled={!editable}
            />
          </SimpleGrid>
        </Section>

        <Section title={label('description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LANGUAGES.map((lang) => (
              <Textarea
                key={lang}
                label={`${label('description')} (${t(`languages.${lang}`)})`}
                value={form.description[lang] ?? ''}
                onChange={(e) => set('description', { ...form.description, [lang]: e.currentTarget.value })}
                autosize
                minRows={2}
                maxRows={10}
                error={lang === 'de' ? errors.description : undefined}
                disabled={!editable}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title={label('images')}>
          <ImagePicker
            label={label('images')}
            value={form.images}
            onChange={(ids) => set('images', ids)}
            disabled={!editable}
          />
          {errors.images && (
            <Alert color="red" mt="xs">
              {errors.images}
            </Alert>
          )}
        </Section>

        <Group justify="flex-end">
          {extraActions}
          {editable && (
            <Button type="submit" loading={save.isPending}>
              {t(resort ? 'common.save' : 'common.create')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
