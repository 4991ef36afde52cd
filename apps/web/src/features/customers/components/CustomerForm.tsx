import type { TCustomer } from '@atoll/domain/customers';
import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { useSaveCustomer } from '../api.ts';
import { CustomerDataSection } from './CustomerDataSection.tsx';
import {
  AddressFields,
  ContactFields,
  MasterDataFields,
  OfficeFields,
  PassportFields,
  type TFieldBinding,
} from './CustomerFields.tsx';
import {
  CUSTOMER_FIELDS,
  dataErrorsOf,
  type TCustomerForm,
  toCustomerBody,
  toCustomerForm,
} from './customerForm.ts';
import { DuplicateWarning } from './DuplicateWarning.tsx';

type TProps = {
  customer?: TCustomer;
  /** Staff: type, agency, group and internal note are shown and sent; a customer edits without them. */
  isOffice: boolean;
  onSaved: (customer: TCustomer) => void;
  /** Buttons beside "Save" (cancel). */
  extraActions?: ReactNode;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Fieldset
    legend={title}
    miw={0}
    styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
  >
    {children}
  </Fieldset>
);

type TGroup = 'masterData' | 'contact' | 'address' | 'passport';

/** Create or edit a customer; server validation errors appear on the fields they name. */
export function CustomerForm({ customer, isOffice, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const isCreate = !customer;
  const [form, setForm] = useState<TCustomerForm>(() => toCustomerForm(customer));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [dataErrors, setDataErrors] = useState<Record<string, string>>({});
  const save = useSaveCustomer();
  const formRef = useRef<HTMLFormElement>(null);

  const clearError = (path: string) => {
    if (errors[path]) setErrors(({ [path]: _, ...rest }) => rest);
  };
  /** Value, change handler, label and error of one field, by its API path (`contact.email`). */
  const bind: TFieldBinding = (path) => {
    const [group, key] = path.split('.') as [TGroup | keyof TCustomerForm, string | undefined];
    const value = key ? (form[group as TGroup] as Record<string, unknown>)[key] : form[group];
    return {
      value: value as never,
      label: t(`resources.customers.fields.${path}`),
      error: errors[path],
      onChange: (next: unknown) => {
        setForm((prev) =>
          key
            ? { ...prev, [group]: { ...(prev[group as TGroup] as object), [key]: next } }
            : { ...prev, [group]: next },
        );
        clearError(path);
      },
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDataErrors({});
    save.mutate(
      { ...(customer ? { id: customer.id } : {}), body: toCustomerBody(form, isOffice) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, CUSTOMER_FIELDS));
          setDataErrors(dataErrorsOf(error, (code) => t(`customerData.issues.${code}`)));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        {isCreate && <DuplicateWarning form={form} />}
        <Section title={t('customers.edit.masterData')}>
          <MasterDataFields bind={bind} />
        </Section>
        <Section title={t('customers.edit.contact')}>
          <ContactFields bind={bind} />
        </Section>
        <Section title={t('customers.edit.address')}>
          <AddressFields bind={bind} />
        </Section>
        <Section title={t('customers.edit.passport')}>
          <PassportFields bind={bind} />
        </Section>
        {isOffice && (
          <>
            <Section title={t('customers.edit.office')}>
              <OfficeFields bind={bind} />
            </Section>
            <CustomerDataSection
              value={form.data}
              onChange={(data) => setForm((prev) => ({ ...prev, data }))}
              errors={dataErrors}
            />
          </>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t(isCreate ? 'customers.edit.create' : 'customers.edit.save')}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
