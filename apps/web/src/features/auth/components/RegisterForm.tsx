import type { TLanguage } from '@atoll/domain/constants';
import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { showError } from '../../../app/messages.ts';
import { type TRegister, useRegister } from '../api.ts';
import { errorText } from '../errorText.ts';
import { useFormFields } from '../useFieldErrors.ts';
import { compact, emailError, passwordTooShortText, repeatError, requiredError } from '../validation.ts';
import { LanguageField } from './LanguageField.tsx';

type TField = 'name' | 'email' | 'phone' | 'password' | 'passwordRepeat';
type TProps = { userType: TRegister['userType']; onRegistered: (email: string) => void };

/**
 * The registration form; PASSWORD_TOO_SHORT goes to its field. The server answers a taken address like a new
 * one (the owner is told by mail), so the page always says "check your mail".
 */
export function RegisterForm({ userType, onRegistered }: TProps) {
  const { t } = useTranslation();
  const register = useRegister();
  const [language, setLanguage] = useState<TLanguage>(currentLanguage());
  const [closed, setClosed] = useState(false);
  const form = useFormFields<TField>(
    { name: '', email: '', phone: '', password: '', passwordRepeat: '' },
    (values) =>
      compact({
        name: requiredError(values.name, t),
        email: emailError(values.email, t),
        phone: values.phone.length > 50 ? t('validation.tooLong', { max: 50 }) : undefined,
        password: requiredError(values.password, t),
        passwordRepeat: repeatError(values.password, values.passwordRepeat, t),
      }),
  );

  const { values, field } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const email = values.email.trim();
    const phone = values.phone.trim();
    register.mutate(
      {
        userType,
        email,
        password: values.password,
        name: values.name.trim(),
        ...(phone ? { phone } : {}),
        language,
        // Customers register for the club area; their confirmation link then leads to the club login.
        isCRMUser: userType === 'customer',
      },
      {
        onSuccess: () => onRegistered(email),
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : undefined;
          if (code === 'PASSWORD_TOO_SHORT' && error instanceof ApiError)
            form.setServerError('password', passwordTooShortText(error, t));
          else if (code === 'REGISTRATION_CLOSED') setClosed(true);
          else showError(errorText(error, t));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} ref={form.formRef}>
      <Stack gap="md">
        {closed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {t('auth.register.closed')}
          </Alert>
        )}
        <TextInput label={t('resources.users.fields.name')} autoComplete="name" required {...field('name')} />
        <TextInput
          label={t('resources.users.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <TextInput
          label={t('resources.users.fields.phone')}
          type="tel"
          autoComplete="tel"
          description={t('auth.register.phoneHint')}
          {...field('phone')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <PasswordInput
            label={t('resources.users.fields.password')}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <PasswordInput
            label={t('resources.users.fields.passwordRepeat')}
            autoComplete="new-password"
            required
            {...field('passwordRepeat')}
          />
        </SimpleGrid>
        <LanguageField value={language} onChange={setLanguage} />
        <Button type="submit" size="md" fullWidth loading={register.isPending} disabled={closed}>
          {t('auth.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
