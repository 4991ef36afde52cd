import { type TGuestFieldError, validateGuestForm } from '@atoll/domain/guestforms';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import {
  type TGuestForm,
  useGuestForm,
  useLinkedGuestForms,
  useSubmitGuestForm,
  useSubmitLinkedGuestForms,
} from '../api.ts';
import { GuestFormFields, type TAnswers } from './GuestFormFields.tsx';

// The guest's page: one guest (/guestform/:id/:token) or every guest of the booking, one section each
// (/guestform-m/:id/:token). Checked in the browser with the server's own rules before sending; the
// server's answer (field paths) is shown at the fields too. A submitted form may be corrected until the
// office has taken it over.

type TErrors = Record<number, Record<string, string>>;
const today = () => new Date().toISOString().slice(0, 10);

function toErrors(forms: TGuestForm[], list: TGuestFieldError[] | ApiError['details']): TErrors {
  const out: TErrors = {};
  for (const e of list ?? []) {
    const m = /^(?:forms\.(\d+)\.)?data\.(\w+)$/.exec(e.path);
    if (!m) continue;
    const form = forms[m[1] === undefined ? 0 : Number(m[1])];
    if (!form) continue;
    out[form.id] = { ...out[form.id], [m[2] as string]: e.code };
  }
  return out;
}

function LanguageToggle() {
  const { i18n, t } = useTranslation();
  const current = i18n.language.startsWith('de') ? 'de' : 'en';
  return (
    <Group gap={4} role="group" aria-label={t('guestforms.language')}>
      {(['de', 'en'] as const).map((lang) => (
        <Button
          key={lang}
          size="compact-xs"
          variant={current === lang ? 'filled' : 'default'}
          color="blue.8"
          aria-pressed={current === lang}
          lang={lang}
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {lang === 'de' ? 'Deutsch' : 'English'}
        </Button>
      ))}
    </Group>
  );
}

export function GuestFormScreen({ id, token, multi }: { id: number; token: string; multi: boolean }) {
  const { t } = useTranslation();
  const single = useGuestForm(id, token);
  // The lead guest's single link opens the multi-guest page when the global flag says so; the server refuses
  // the page to any other guest's link, which then shows that guest's own form only.
  const wantsMulti = multi || single.data?.multiGuest === true;
  const linked = useLinkedGuestForms(id, token, wantsMulti && (multi || single.isSuccess));
  const showsMulti = multi || (wantsMulti && !linked.isError);
  const forms: TGuestForm[] | undefined = showsMulti ? linked.data : single.data ? [single.data] : undefined;
  const failed = single.isError || (multi && linked.isError);

  if (failed)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('guestforms.public.notFoundTitle')} role="alert">
          {t('guestforms.public.notFound')}
        </Alert>
      </Container>
    );
  if (!forms)
    return (
      <Center h="60vh">
        <Loader aria-label={t('guestforms.public.loading')} />
      </Center>
    );
  // A guest refused the multi-guest page sends their own form alone.
  return <GuestFormEditor forms={forms} id={id} token={token} multi={showsMulti} />;
}

function GuestFormEditor(props: { forms: TGuestForm[]; id: number; token: string; multi: boolean }) {
  const { t } = useTranslation();
  const { forms } = props;
  const [answers, setAnswers] = useState<Record<number, TAnswers>>(() =>
    Object.fromEntries(forms.map((f) => [f.id, { ...f.data }])),
  );
  const [errors, setErrors] = useState<TErrors>({});
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submitOne = useSubmitGuestForm(props.id, props.token);
  const submitAll = useSubmitLinkedGuestForms(props.id, props.token);
  const pending = submitOne.isPending || submitAll.isPending;
  const editable = forms.filter((f) => f.status !== 'added');
  const first = forms[0];
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  const submit = async () => {
    setFailure(null);
    const local: TErrors = {};
    for (const f of editable) {
      // Another guest's private answers are kept by the server as that guest gave them.
      const list = validateGuestForm(f.types, answers[f.id] ?? {}, {
        today: today(),
        maxFileKb: f.maxFileSizeKb,
        travelTo: f.to,
      }).filter((e) => !f.hidden?.includes(e.path.replace(/^data\./, '')));
      if (list.length) local[f.id] = toErrors([f], list)[f.id] ?? {};
    }
    setErrors(local);
    if (Object.keys(local).length) {
      setFailure(t('guestforms.public.fixErrors'));
      return;
    }
    try {
      if (props.multi)
        await submitAll.mutateAsync(editable.map((f) => ({ id: f.id, data: answers[f.id] ?? {} })));
      else if (first) await submitOne.mutateAsync(answers[first.id] ?? {});
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(toErrors(props.multi ? editable : forms, error.details));
        setFailure(
          error.status === 413
            ? t('guestforms.errors.FILE_TOO_LARGE', { kb: first?.maxFileSizeKb ?? 256 })
            : error.status === 409
              ? t('guestforms.public.alreadyAdded')
              : error.status === 400
                ? t('guestforms.public.fixErrors')
                : t('guestforms.public.failed'),
        );
      } else setFailure(t('guestforms.public.failed'));
    }
  };

  if (done)
    return (
      <Container size="sm" py="xl">
        <Paper withBorder p="lg" radius="md" ref={thanks} tabIndex={-1} aria-live="polite">
          <Stack>
            <Title order={1} size="h2">
              {t('guestforms.public.thanksTitle')}
            </Title>
            <Text>{t('guestforms.public.thanks')}</Text>
            <Button variant="default" onClick={() => setDone(false)}>
              {t('guestforms.public.editAgain')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    );

  return (
    <Container size="sm" px="sm" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={1} size="h2">
              {t('guestforms.public.title')}
            </Title>
            {first?.bookingNo && (
              <Text c="gray.7" size="sm">
                {t('guestforms.public.booking', { no: first.bookingNo })}
              </Text>
            )}
          </div>
          <LanguageToggle />
        </Group>
        <Text size="sm">{t('guestforms.public.intro')}</Text>
        {forms.map((f, i) => (
          <Paper
            key={f.id}
            withBorder
            p="sm"
            radius="md"
            component="section"
            aria-labelledby={`guest-${f.id}`}
          >
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id={`guest-${f.id}`}>
                {f.guestName ?? t('guestforms.public.guestN', { n: i + 1 })}
              </Title>
              <Badge color={f.status === 'open' ? 'gray' : 'green'} variant="light">
                {t(`guestforms.status.${f.status}`)}
              </Badge>
            </Group>
            {f.hidden && f.hidden.length > 0 && (
              <Text size="sm" c="gray.7" mb="sm">
                {t('guestforms.public.privateNote')}
              </Text>
            )}
            {f.status === 'added' && (
              <Text size="sm" c="gray.7" mb="sm">
                {t('guestforms.public.alreadyAdded')}
              </Text>
            )}
            <GuestFormFields
              idPrefix={`g${f.id}`}
              types={f.types}
              value={answers[f.id] ?? {}}
              onChange={(next) => setAnswers((all) => ({ ...all, [f.id]: next }))}
              errors={errors[f.id] ?? {}}
              maxFileSizeKb={f.maxFileSizeKb}
              disabled={f.status === 'added' || pending}
              {...(f.hidden ? { hidden: f.hidden } : {})}
            />
          </Paper>
        ))}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {editable.length > 0 && (
          <Button size="lg" fullWidth color="blue.8" onClick={() => void submit()} loading={pending}>
            {t('guestforms.public.submit')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
