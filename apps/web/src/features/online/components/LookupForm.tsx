import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../api.ts';
import { formatDate, formatMoney } from './format.ts';

/** The guest finds their booking by its number and their e-mail (spec booking §7 no/{bookingNo}). */
export function LookupForm() {
  const { t, i18n } = useTranslation();
  const lookup = useLookup();
  const [bookingNo, setBookingNo] = useState('');
  const [email, setEmail] = useState('');
  const found = lookup.data;
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-labelledby="lookup-title"
      maw={720}
      mx="auto"
      w="100%"
    >
      <Title order={2} size="h5" id="lookup-title" mb="xs">
        {t('online.lookup.title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (bookingNo.trim() && email.trim())
            lookup.mutate({ bookingNo: bookingNo.trim(), email: email.trim() });
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('online.lookup.number')}
            value={bookingNo}
            onChange={(e) => setBookingNo(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('online.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            autoComplete="email"
          />
          <Button color="blue.8" type="submit" variant="outline" loading={lookup.isPending}>
            {t('online.lookup.find')}
          </Button>
        </Stack>
      </form>
      {lookup.isError && (
        <Alert color="red" mt="xs" role="alert">
          {t('online.lookup.notFound')}
        </Alert>
      )}
      {found && (
        <Stack gap={2} mt="xs" data-testid="lookup-result">
          <Text fw={600}>
            {found.bookingNo} · {t(`online.state.${found.state}`, { defaultValue: found.state })}
          </Text>
          <Text size="sm">
            {formatDate(t, found.from)} – {formatDate(t, found.to)} ·{' '}
            {t('online.guests', { count: found.noOfPax })}
          </Text>
          <Text size="sm">
            {t('online.total')}: {formatMoney(found.total, found.currency, i18n.language)} ·{' '}
            {t('online.lookup.open')}: {formatMoney(found.open, found.currency, i18n.language)}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
