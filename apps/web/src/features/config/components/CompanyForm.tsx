import type { TCompanySettings } from '@atoll/domain/settings';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { useSaveSettingsGroup } from '../api.ts';

// The form holds dotted keys ('bank.iban'), as the server's error paths name them.
const SECTIONS = {
  company: ['name', 'phone', 'email', 'website'],
  address: ['address.street', 'address.zip', 'address.city', 'address.country'],
  bank: ['bank.holder', 'bank.name', 'bank.iban', 'bank.bic'],
  legal: ['legal.name', 'legal.directors'],
  taxIds: ['taxIds.vatId', 'taxIds.taxNumber', 'taxIds.registry'],
  vatExemption: ['vatExemption.de', 'vatExemption.en'],
} as const;
type TSection = keyof typeof SECTIONS;
const KEYS: string[] = Object.values(SECTIONS).flat();

const read = (values: TCompanySettings, key: string) =>
  String(
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], values) ?? '',
  );

/** { 'bank.iban': … } → { bank: { iban: … } }: every key of the group, each sent whole. */
function toBody(form: Record<string, string>) {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const [head, tail] = key.split('.') as [string, string | undefined];
    if (tail === undefined) body[head] = value.trim();
    else body[head] = { ...(body[head] as object), [tail]: value.trim() };
  }
  return body;
}

/**
 * Name, contact, address, bank details, legal details and tax ids of the operator: the letterhead and
 * footer of every document, and the reason printed on invoices that charge no VAT.
 */
export function CompanyForm({ values }: { values: TCompanySettings }) {
  const { t } = useTranslation();
  const save = useSaveSettingsGroup('company');
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(() => Object.fromEntries(KEYS.map((k) => [k, read(values, k)])));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const label = (key: string) => t(`config.company.fields.${key}`);

  const set = (key: string, value: string) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name?.trim()) {
      setErrors({ name: t('form.invalid.required') });
      return focusFirstError(formRef.current);
    }
    save.mutate(toBody(form), {
      onSuccess: () => showSuccess(t('common.saved')),
      onError: (error) => {
        setErrors(fieldErrorsOf(error, KEYS));
        focusFirstError(formRef.current);
      },
    });
  };
  const input = (key: string) =>
    key === 'address.country' ? (
      <CountrySelect
        key={key}
        label={label(key)}
        value={form[key] || null}
        onChange={(code) => set(key, code ?? '')}
        error={errors[key]}
      />
    ) : (
      <TextInput
        key={key}
        label={label(key)}
        required={key === 'name'}
        type={key === 'email' ? 'email' : key === 'website' ? 'url' : 'text'}
        value={form[key] ?? ''}
        onChange={(e) => set(key, e.currentTarget.value)}
        error={errors[key]}
      />
    );
  const section = (name: TSection) => (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} key={name}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {t(`config.company.sections.${name}`)}
      </Title>
      {name === 'vatExemption' && (
        <Text size="sm" c="dimmed">
          {t('config.company.vatExemptionHint')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{SECTIONS[name].map(input)}</SimpleGrid>
    </Stack>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="xl">
          {errors[''] && <Alert color="red">{errors['']}</Alert>}
          {(Object.keys(SECTIONS) as TSection[]).map(section)}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
