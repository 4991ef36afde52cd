import type { TOnlineCreated, TOnlinePrice } from '@atoll/domain/online/api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { newIdempotencyKey, type TGuestChoice, useCreateOnline, usePrice } from '../api.ts';
import { formatMoney, formatPercent } from './format.ts';
import type { TSelection } from './OnlineBookingFlow.tsx';

type TProps = {
  selection: TSelection;
  preview: boolean;
  onBack: () => void;
  onTaken: () => void;
  onCreated: (answer: TOnlineCreated) => void;
};

const errorKey = (error: unknown) => {
  const code = error instanceof ApiError ? error.code : 'UNKNOWN';
  return [
    'NOT_AVAILABLE',
    'NO_PRICE',
    'ValidationError',
    'ARRIVAL_NOT_ALLOWED',
    'DEPARTURE_NOT_ALLOWED',
    'TOO_MANY_REQUESTS',
    'GENDER_MISMATCH',
  ].includes(code)
    ? `online.errors.${code}`
    : 'online.errors.UNKNOWN';
};

/** Guests, the price with the specials, the lead guest's details and the booking itself. */
export function DetailsStep({ selection, preview, onBack, onTaken, onCreated }: TProps) {
  const { t, i18n } = useTranslation();
  const price = usePrice();
  const create = useCreateOnline();
  const key = useRef(newIdempotencyKey());
  const [guests, setGuests] = useState<TGuestChoice[][]>(() =>
    selection.body.rooms.map((r) => r.guests.map(() => ({ gender: 'u' as const }))),
  );
  const [lead, setLead] = useState({ firstName: '', lastName: '', email: '', phone: '' });
  const [touched, setTouched] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const body = {
    ...selection.body,
    rooms: selection.body.rooms.map((r, i) => ({
      ...r,
      guests: r.guests.map((_, j) => {
        const g = guests[i]?.[j] ?? {};
        return {
          ...(g.name ? { name: g.name } : {}),
          ...(g.gender && g.gender !== 'u' ? { gender: g.gender } : {}),
        };
      }),
    })),
  };
  const bodyKey = JSON.stringify(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: priced again when the request changes
  useEffect(() => {
    price.mutate(body, { onError: (e) => e instanceof ApiError && e.code === 'NOT_AVAILABLE' && onTaken() });
  }, [bodyKey]);

  const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(lead.email);
  const valid = lead.firstName.trim() && lead.lastName.trim() && emailOk;
  const submit = () => {
    setTouched(true);
    if (!valid || !agreed) return;
    create.mutate(
      {
        key: key.current,
        body: {
          ...body,
          lead: {
            firstName: lead.firstName.trim(),
            lastName: lead.lastName.trim(),
            email: lead.email.trim(),
            ...(lead.phone.trim() ? { phone: lead.phone.trim() } : {}),
          },
          language: i18n.language === 'de' ? 'de' : 'en',
        },
      },
      {
        onSuccess: onCreated,
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'NOT_AVAILABLE') onTaken();
          // Another attempt gets a new key (the old one answered an error).
          key.current = newIdempotencyKey();
        },
      },
    );
  };
  let n = 0;
  return (
    <Stack gap="sm">
      <Text fw={600}>{selection.summary}</Text>
      {selection.addons.length > 0 && (
        <Text size="sm">
          {t('online.addons')}: {selection.addons.join(', ')}
        </Text>
      )}
      <Card withBorder padding="sm">
        <Title order={2} size="h5" mb="xs">
          {t('online.guestsTitle')}
        </Title>
        <Stack gap="xs">
          {selection.body.rooms.map((room, i) =>
            room.guests.map((_, j) => {
              n += 1;
              const g = guests[i]?.[j] ?? {};
              const set = (patch: TGuestChoice) =>
                setGuests((all) =>
                  all.map((r, a) => (a === i ? r.map((x, b) => (b === j ? { ...x, ...patch } : x)) : r)),
                );
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: guest slots of a room, fixed for the step
                <Group key={`${room.roomId}-${j}`} grow wrap="nowrap" align="flex-end">
                  <TextInput
                    label={t('online.guestName', { n })}
                    value={g.name ?? ''}
                    onChange={(e) => set({ name: e.currentTarget.value })}
                    autoComplete="off"
                  />
                  <NativeSelect
                    label={t('online.gender')}
                    data={[
                      { value: 'u', label: '–' },
                      { value: 'f', label: t('online.female') },
                      { value: 'm', label: t('online.male') },
                    ]}
                    value={g.gender ?? 'u'}
                    onChange={(e) => set({ gender: e.currentTarget.value as 'm' | 'f' | 'u' })}
                  />
                </Group>
              );
            }),
          )}
        </Stack>
      </Card>
      <Card withBorder padding="sm" aria-live="polite">
        <Title order={2} size="h5" mb="xs">
          {t('online.price')}
        </Title>
        {price.isPending && <Loader size="sm" role="status" aria-label={t('online.loading')} />}
        {price.isError && !(price.error instanceof ApiError && price.error.code === 'NOT_AVAILABLE') && (
          <Alert color="red">{t(errorKey(price.error))}</Alert>
        )}
        {price.data && <PriceLines price={price.data} lang={i18n.language} />}
      </Card>
      {!preview && (
        <Card withBorder padding="sm">
          <Title order={2} size="h5" mb="xs">
            {t('online.details')}
          </Title>
          <Stack gap="xs">
            <TextInput
              label={t('online.firstName')}
              required
              autoComplete="given-name"
              value={lead.firstName}
              error={touched && !lead.firstName.trim() ? t('online.required') : undefined}
              onChange={(e) => setLead({ ...lead, firstName: e.currentTarget.value })}
            />
            <TextInput
              label={t('online.lastName')}
              required
              autoComplete="family-name"
              value={lead.lastName}
              error={touched && !lead.lastName.trim() ? t('online.required') : undefined}
              onChange={(e) => setLead({ ...lead, lastName: e.currentTarget.value })}
            />
            <TextInput
              label={t('online.email')}
              type="email"
              required
              autoComplete="email"
              value={lead.email}
              error={touched && !emailOk ? t('online.emailInvalid') : undefined}
              onChange={(e) => setLead({ ...lead, email: e.currentTarget.value })}
            />
            <TextInput
              label={t('online.phone')}
              type="tel"
              autoComplete="tel"
              value={lead.phone}
              onChange={(e) => setLead({ ...lead, phone: e.currentTarget.value })}
            />
          </Stack>
        </Card>
      )}
      {!preview && (
        <Checkbox
          label={t('online.acceptTerms')}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          error={touched && !agreed ? t('online.acceptTermsRequired') : undefined}
          data-testid="accept-terms"
        />
      )}
      {create.isError && !(create.error instanceof ApiError && create.error.code === 'NOT_AVAILABLE') && (
        <Alert color="red" role="alert">
          {t(errorKey(create.error))}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          ‹ {t('online.back')}
        </Button>
        {!preview && (
          <Button
            color="blue.8"
            size="md"
            onClick={submit}
            loading={create.isPending}
            disabled={!price.data}
            data-testid="book-now"
          >
            {t('online.bookNow')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function PriceLines({ price, lang }: { price: TOnlinePrice; lang: string }) {
  const { t } = useTranslation();
  // An option is not in the total until the office adds it: shown below the total, apart.
  const options = price.lines.filter((l) => l.type === 'option');
  // The engine's order, never reordered: a line's place is part of its key.
  const keyed = <T extends { name: string }>(list: T[]) =>
    list.map((line, n) => ({ line, key: `${line.name}-${n}` }));
  const charged = keyed(price.lines.filter((l) => l.type !== 'special' && l.type !== 'option'));
  const specials = keyed(price.specials);
  return (
    <Stack gap={4}>
      {charged.map(({ line: l, key }) => (
        <Group key={key} justify="space-between" wrap="nowrap" data-testid="price-line" data-amount={l.total}>
          <Text size="sm">{l.name}</Text>
          <Text size="sm">{formatMoney(l.total, price.currency, lang)}</Text>
        </Group>
      ))}
      {specials.map(({ line: s, key }) => (
        <Group key={key} justify="space-between" wrap="nowrap" data-testid="price-line" data-amount={s.total}>
          <Text size="sm" c="teal.9">
            {t('online.special')}: {s.name}
          </Text>
          <Text size="sm" c="teal.9">
            {formatMoney(s.total, price.currency, lang)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between" mt={4}>
        <Text fw={700}>{t('online.total')}</Text>
        <Text fw={700} data-testid="total" data-amount={price.total}>
          {formatMoney(price.total, price.currency, lang)}
        </Text>
      </Group>
      {(price.schedule?.length ?? 0) > 0 && (
        <Stack gap={2} mt={4} data-testid="payment-schedule">
          <Text size="sm" fw={600}>
            {t('online.schedule')}
          </Text>
          {price.schedule?.map((l) => (
            <Group key={l.type} justify="space-between" wrap="nowrap">
              <Text size="sm">{l.name}</Text>
              <Text size="sm">{formatMoney(l.total, price.currency, lang)}</Text>
            </Group>
          ))}
        </Stack>
      )}
      {price.terms && (
        <Stack gap={2} mt={4} data-testid="cancellation-terms">
          <Text size="sm" fw={600}>
            {t('online.cancellation')}
          </Text>
          {price.terms.cancellation.map((tier) => (
            <Text size="sm" key={tier.daysBefore}>
              {t('online.cancellationTier', {
                days: tier.daysBefore,
                percent: formatPercent(tier.percent, lang),
              })}
            </Text>
          ))}
          {price.terms.cancellation.length === 0 && <Text size="sm">{t('online.cancellationFree')}</Text>}
          {price.terms.depositNonRefundable && <Text size="sm">{t('online.depositKept')}</Text>}
        </Stack>
      )}
      {options.length > 0 && (
        <Stack gap={2} mt={4} data-testid="optional-lines">
          <Text size="sm" fw={600}>
            {t('online.optionalLines')}
          </Text>
          {options.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the engine's line order, never reordered
            <Group key={`${l.name}-${i}`} justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {l.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMoney(l.total, price.currency, lang)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
