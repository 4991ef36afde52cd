import { LANGUAGES } from '@atoll/domain/constants';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { GroupForm } from '../components/GroupForm.tsx';

// Every IANA zone the browser knows; older browsers without the list still get the default.
const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Berlin'];
const PREFIX_MAX = 12;

/**
 * /config/booking: defaults for new bookings, number prefixes, the notices before and when an option lapses,
 * and whether offers hold rooms and cabins.
 */
export default function BookingSettingsPage() {
  const { t } = useTranslation();
  const prefix = (key: string) => ({
    key,
    kind: 'text' as const,
    maxLength: PREFIX_MAX,
    label: t(`config.booking.${key}`),
    description: t('config.booking.prefixHint'),
  });
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('routes.configBooking')} intro={t('config.booking.intro')} />
      <GroupForm
        group="booking"
        fields={[
          {
            key: 'defaultCurrency',
            kind: 'custom',
            label: t('config.booking.defaultCurrency'),
            render: ({ value, onChange, label, error }) => (
              <CurrencySelect
                label={label}
                value={value as string}
                onChange={(code) => onChange(code)}
                error={error}
                required
              />
            ),
          },
          {
            key: 'defaultLanguage',
            kind: 'select',
            label: t('config.booking.defaultLanguage'),
            options: LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) })),
          },
          {
            key: 'timezone',
            kind: 'select',
            label: t('config.booking.timezone'),
            options: TIME_ZONES.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
          },
          {
            key: 'optionDays',
            kind: 'number',
            min: 0,
            max: 365,
            label: t('config.booking.optionDays'),
            description: t('config.booking.optionDaysHint'),
          },
          {
            key: 'optionWarningHours',
            kind: 'number',
            min: 0,
            max: 720,
            label: t('config.booking.optionWarningHours'),
            description: t('config.booking.optionWarningHoursHint'),
          },
          {
            key: 'optionMailsToGuest',
            kind: 'switch',
            label: t('config.booking.optionMailsToGuest'),
            description: t('config.booking.optionMailsToGuestHint'),
          },
          prefix('bookingNoPrefix'),
          prefix('reservationNoPrefix'),
          prefix('offerNoPrefix'),
          {
            key: 'offersHoldInventory',
            kind: 'switch',
            label: t('config.booking.offersHoldInventory'),
            description: t('config.booking.offersHoldInventoryHint'),
          },
        ]}
      />
    </Stack>
  );
}
