import type { TLanguage } from '@atoll/domain/constants';
import type { TSessionUser } from '@atoll/domain/users';
import {
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../../../app/i18n.ts';
import { setLanguage } from '../../../app/language.ts';
import { showSuccess } from '../../../app/messages.ts';
import { useUpdateSelf } from '../api.ts';
import { useFieldErrors } from '../useFieldErrors.ts';
import { compact, requiredError } from '../validation.ts';
import { LanguageField } from './LanguageField.tsx';

const DAYS = { min: 1, max: 366 } as const;
type TField = 'name' | 'phone' | 'defaultDashboardDays';

/** Own name, phone and settings (POST /api/users/self); a new language also switches the interface. */
export function ProfileSettingsCard({ user }: { user: TSessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateSelf(user.id);
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [language, setLang] = useState<TLanguage>(user.settings.language ?? currentLanguage());
  const [showCustomers, setShowCustomers] = useState(user.settings.showCustomersInBookingList);
  const [inverted, setInverted] = useState(user.settings.showInvertedCurrencyExchange);
  const [days, setDays] = useState<number | string>(user.settings.defaultDashboardDays);
  const form = useFieldErrors<TField>(() =>
    compact({
      name: requiredError(name, t) ?? (name.length > 200 ? t('validation.tooLong', { max: 200 }) : undefined),
      phone: phone.length > 50 ? t('validation.tooLong', { max: 50 }) : undefined,
      defaultDashboardDays:
        typeof days === 'number' && Number.isInteger(days) && days >= DAYS.min && days <= DAYS.max
          ? undefined
          : t('validation.between', DAYS),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    update.mutate(
      {
        name: name.trim(),
        phone: phone.trim() === '' ? null : phone.trim(),
        settings: {
          language,
          showCustomersInBookingList: showCustomers,
          showInvertedCurrencyExchange: inverted,
          defaultDashboardDays: Number(days),
        },
      },
      {
        onSuccess: async () => {
          if (language !== currentLanguage()) await setLanguage(language);
          // In the language just chosen.
          showSuccess(i18n.getFixedT(language)('users.profile.saved'));
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-settings">
      <form noValidate onSubmit={submit} ref={form.formRef}>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-settings">
            {t('users.profile.personalTitle')}
          </Title>
          <TextInput
            label={t('resources.users.fields.email')}
            value={user.email}
            readOnly
            variant="filled"
            description={t('users.profile.emailHint')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('resources.users.fields.name')}
              autoComplete="name"
              required
              value={name}
              error={form.errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t('resources.users.fields.phone')}
              type="tel"
              autoComplete="tel"
              value={phone}
              error={form.errors.phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Divider my={4} />
          <Title order={3} size="h5">
            {t('users.profile.preferencesTitle')}
          </Title>
          <LanguageField value={language} onChange={setLang} />
          <Switch
            label={t('resources.users.fields.showCustomersInBookingList')}
            description={t('users.profile.showCustomersHint')}
            checked={showCustomers}
            onChange={(e) => setShowCustomers(e.currentTarget.checked)}
          />
          <Switch
            label={t('resources.users.fields.showInvertedCurrencyExchange')}
            description={t('users.profile.invertedHint')}
            checked={inverted}
            onChange={(e) => setInverted(e.currentTarget.checked)}
          />
          <NumberInput
            label={t('resources.users.fields.defaultDashboardDays')}
            description={t('users.profile.daysHint', DAYS)}
            min={DAYS.min}
            max={DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            maw={360}
            required
            value={days}
            error={form.errors.defaultDashboardDays}
            onChange={setDays}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('users.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
