import { LANGUAGES } from '@atoll/domain/constants';
import type { TUser } from '@atoll/domain/users';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { useRoleOptions, useSaveUser } from '../api.ts';
import { ScopeTagsInput } from './ScopeTagsInput.tsx';
import { userTypeOptions } from './UserTypeBadge.tsx';
import { type TUserForm, toUserBody, toUserForm, USER_FIELDS } from './userForm.ts';

type TProps = {
  user?: TUser;
  onSaved: (user: TUser) => void;
  /** Buttons beside "Save" (cancel, back). */
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

/** Create or edit a user; server validation errors appear on the fields they name. */
export function UserForm({ user, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const isCreate = !user;
  const [form, setForm] = useState<TUserForm>(() => toUserForm(user));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const roles = useRoleOptions();
  const save = useSaveUser();
  const formRef = useRef<HTMLFormElement>(null);
  const label = (field: string) => t(`resources.users.fields.${field}`);

  const set = <K extends keyof TUserForm>(key: K, value: TUserForm[K], errorKey: string = key) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };
  const numberOrEmpty = (value: string | number) => (typeof value === 'number' ? value : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { ...(user ? { id: user.id } : {}), body: toUserBody(form, isCreate) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, USER_FIELDS, { field: 'email', message: t('errors.EMAIL_TAKEN') }));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <Section title={t('users.edit.account')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('email')}
              type="email"
              required
              autoComplete="off"
              value={form.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
            />
            <TextInput
              label={label('name')}
              value={form.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label={label('phone')}
              type="tel"
              value={form.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              error={errors.phone}
            />
            <Select
              label={label('userType')}
              data={userTypeOptions(t)}
              value={form.userType}
              onChange={(value) => value && set('userType', value as TUserForm['userType'])}
              allowDeselect={false}
              error={errors.userType}
            />
            <NumberInput
              label={label('agencyId')}
              description={t('users.edit.linkHint')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={form.agencyId}
              onChange={(value) => set('agencyId', numberOrEmpty(value))}
              error={errors.agencyId}
            />
            <NumberInput
              label={label('customerId')}
              description={t('users.edit.linkHint')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={form.customerId}
              onChange={(value) => set('customerId', numberOrEmpty(value))}
              error={errors.customerId}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('users.edit.permissions')}>
          <Stack>
            <MultiSelect
              label={label('roleIds')}
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={form.roleIds}
              onChange={(value) => set('roleIds', value)}
              searchable
              clearable
              nothingFoundMessage={t('users.edit.noRoles')}
              error={errors.roleIds}
            />
            <ScopeTagsInput
              label={label('permissions')}
              description={t('users.edit.scopesHint')}
              value={form.scopes}
              onChange={(value) => set('scopes', value, 'permissions.scope')}
              error={errors['permissions.scope']}
            />
          </Stack>
        </Section>

        <Section title={t('users.edit.settings')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={label('language')}
              data={LANGUAGES.map((lang) => ({ value: lang, label: t(`users.languages.${lang}`) }))}
              value={form.language || null}
              onChange={(value) =>
                set('language', (value ?? '') as TUserForm['language'], 'settings.language')
              }
              placeholder={t('users.edit.browserLanguage')}
              clearable
              error={errors['settings.language']}
            />
            <NumberInput
              label={label('defaultDashboardDays')}
              min={1}
              max={366}
              allowDecimal={false}
              allowNegative={false}
              value={form.defaultDashboardDays}
              onChange={(value) =>
                set('defaultDashboardDays', numberOrEmpty(value), 'settings.defaultDashboardDays')
              }
              error={errors['settings.defaultDashboardDays']}
            />
            <Switch
              label={label('showCustomersInBookingList')}
              checked={form.showCustomersInBookingList}
              onChange={(e) => set('showCustomersInBookingList', e.currentTarget.checked)}
            />
            <Switch
              label={label('showInvertedCurrencyExchange')}
              checked={form.showInvertedCurrencyExchange}
              onChange={(e) => set('showInvertedCurrencyExchange', e.currentTarget.checked)}
            />
          </SimpleGrid>
          {errors.settings && <Alert color="red">{errors.settings}</Alert>}
        </Section>

        {isCreate && (
          <Section title={t('users.edit.password')}>
            <PasswordInput
              label={label('password')}
              description={t('users.edit.passwordOptional')}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
              maw={400}
            />
          </Section>
        )}

        <Group>
          <Button type="submit" loading={save.isPending}>
            {t(isCreate ? 'users.edit.create' : 'users.edit.save')}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
