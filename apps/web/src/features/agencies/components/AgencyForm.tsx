import { COMMISSION_MODES, type TAgency, type TAgencyContact } from '@atoll/domain/agencies';
import { LANGUAGES } from '@atoll/domain/constants';
import { leitwegIdProblem } from '@atoll/domain/documents';
import {
  Alert,
  Button,
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
import { useAgencyGroups, useSaveAgency } from '../api.ts';
import { agencyTypeOptions } from './AgencyTypeBadge.tsx';
import {
  AGENCY_FIELDS,
  isSelfEditable,
  type TAgencyField,
  type TAgencyForm,
  toAgencyBody,
  toAgencyForm,
} from './agencyForm.ts';
import { ContactsEditor } from './ContactsEditor.tsx';
import { Section } from './Section.tsx';

type TProps = {
  agency?: TAgency;
  contacts?: TAgencyContact[];
  /** An agent editing its own agency: only its contact data, no internal note. */
  selfOnly: boolean;
  onSaved: (agency: TAgency) => void;
  extraActions?: ReactNode;
};

/** Create or edit an agency with its contacts; server validation errors appear on the fields they name. */
export function AgencyForm({ agency, contacts, selfOnly, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TAgencyForm>(() => toAgencyForm(agency, contacts));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const groups = useAgencyGroups(!selfOnly);
  const save = useSaveAgency();
  const formRef = useRef<HTMLFormElement>(null);
  const label = (field: string) => t(`resources.agencies.fields.${field}`);
  const locked = (field: TAgencyField) => selfOnly && !isSelfEditable(field);

  const set = <K extends TAgencyField>(key: K, value: TAgencyForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setIn = <K extends 'address' | 'bank'>(key: K, field: keyof TAgencyForm[K], value: string) => {
    setForm((prev) => ({ ...prev, [key]: { ...prev[key], [field]: value } }));
    setErrors(({ [`${key}.${String(field)}`]: _, ...rest }) => rest);
  };
  /** Props of a text field bound to a top-level form value. */
  const text = (key: 'name' | 'taxId' | 'leitwegId' | 'email' | 'phone' | 'website') => ({
    label: label(key),
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key],
    disabled: locked(key),
  });
  const nested = <K extends 'address' | 'bank'>(key: K, field: keyof TAgencyForm[K] & string) => ({
    label: label(`${key}.${field}`),
    value: String(form[key][field]),
    onChange: (e: { currentTarget: { value: string } }) => setIn(key, field, e.currentTarget.value),
    error: errors[`${key}.${field}`],
    disabled: locked(key),
  });

  /** The Leitweg-ID is checked on leaving the field (format and check digits); the server checks it again. */
  const checkLeitwegId = () => {
    const value = form.leitwegId.trim().toUpperCase();
    const problem = value ? leitwegIdProblem(value) : null;
    if (problem) setErrors((prev) => ({ ...prev, leitwegId: t(`agencies.edit.leitwegId.${problem}`) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { ...(agency ? { id: agency.id } : {}), body: toAgencyBody(form, selfOnly) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, AGENCY_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <Section title={t('agencies.edit.masterData')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('name')} required />
            <Select
              label={label('type')}
              data={agencyTypeOptions(t)}
              value={form.type}
              onChange={(value) => value && set('type', value as TAgencyForm['type'])}
              allowDeselect={false}
              error={errors.type}
              disabled={locked('type')}
            />
            {/* Groups are the office's way to sort agencies; an agent cannot read them. */}
            {!selfOnly && (
              <Select
                label={label('groupId')}
                data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={form.groupId || null}
                onChange={(value) => set('groupId', value ?? '')}
                clearable
                searchable
                error={errors.groupId}
              />
            )}
            <TextInput {...text('taxId')} />
            <TextInput
              {...text('leitwegId')}
              description={t('agencies.edit.leitwegId.hint')}
              placeholder="04011000-1234512345-06"
              onBlur={checkLeitwegId}
            />
            <Select
              label={label('language')}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`agencies.languages.${l}`) }))}
              value={form.language}
              onChange={(value) => value && set('language', value as TAgencyForm['language'])}
              allowDeselect={false}
              error={errors.language}
              disabled={locked('language')}
            />
            <CurrencySelect
              label={label('currency')}
              value={form.currency}
              onChange={(code) => code && set('currency', code)}
              required
              error={errors.currency}
              disabled={locked('currency')}
            />
            <Switch
              label={t('common.active')}
              checked={form.isActive}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
              disabled={locked('isActive')}
              mt="md"
            />
          </SimpleGrid>
        </Section>

        <Section title={t('agencies.edit.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...text('email')} type="email" />
            <TextInput {...text('phone')} type="tel" />
            <TextInput {...text('website')} type="url" />
          </SimpleGrid>
        </Section>

        <Section title={t('agencies.edit.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...nested('address', 'street')} />
            <TextInput {...nested('address', 'zip')} />
            <TextInput {...nested('address', 'city')} />
            <TextInput {...nested('address', 'state')} />
            <CountrySelect
              label={label('address.country')}
              value={form.address.country || null}
              onChange={(code) => setIn('address', 'country', code ?? '')}
              error={errors['address.country']}
              disabled={locked('address')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('agencies.edit.bank')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...nested('bank', 'bankName')} />
            <TextInput {...nested('bank', 'accountHolder')} />
            <TextInput {...nested('bank', 'iban')} />
            <TextInput {...nested('bank', 'bic')} />
          </SimpleGrid>
        </Section>

        <Section title={t('agencies.edit.commission')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={label('commission')}
              description={t('agencies.edit.commissionHint')}
              value={form.commission}
              onChange={(value) => set('commission', String(value))}
              min={0}
              max={100}
              decimalScale={2}
              allowNegative={false}
              suffix=" %"
              error={errors.commission}
              disabled={locked('commission')}
            />
            <Select
              label={label('commissionMode')}
              data={COMMISSION_MODES.map((m) => ({ value: m, label: t(`agencies.modes.${m}`) }))}
              value={form.commissionMode}
              onChange={(value) => value && set('commissionMode', value as TAgencyForm['commissionMode'])}
              allowDeselect={false}
              error={errors.commissionMode}
              disabled={locked('commissionMode')}
            />
            <NumberInput
              label={label('creditLimit')}
              description={t('agencies.edit.creditLimitHint', { currency: form.currency })}
              value={form.creditLimit}
              onChange={(value) => set('creditLimit', String(value))}
              min={0}
              decimalScale={2}
              allowNegative={false}
              error={errors.creditLimit}
              disabled={locked('creditLimit')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('agencies.edit.contacts')}>
          <ContactsEditor
            contacts={form.contacts}
            onChange={(list) => set('contacts', list)}
            disabled={locked('contacts')}
            error={errors.contacts}
          />
        </Section>

        {!selfOnly && (
          <Section title={t('agencies.edit.internal')}>
            <Textarea
              label={label('internalNote')}
              description={t('agencies.edit.internalHint')}
              autosize
              minRows={2}
              maxRows={10}
              value={form.internalNote}
              onChange={(e) => set('internalNote', e.currentTarget.value)}
              error={errors.internalNote}
            />
          </Section>
        )}

        <Group>
          <Button type="submit" loading={save.isPending}>
            {agency ? t('common.save') : t('common.create')}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
