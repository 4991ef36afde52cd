import {
  type FormField,
  ruleMessage,
  todayIso,
  validateAnswers,
  validateField,
} from '@atoll/domain/forms/rules';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { usePathParams } from '../../../public/route.ts';
import { errorsByKey, fieldErrorsOf, usePublicForm, useSubmitForm } from '../api.ts';
import { FormView, localText } from '../components/FormView.tsx';
import classes from '../components/Readable.module.css';

// /forms/:id/:token (public entry): the guest fills a custom form on a phone. The same rules as the
// server (rules.ts) check each answer on leaving the field and all of them on sending; the server's
// 400 field errors are shown at the fields too.

/** The guest's local day (relative dates such as 'today +3 days' count from it). */
const localToday = () => {
  const now = new Date();
  return todayIso(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
};

export default function PublicFormPage() {
  const { t, i18n } = useTranslation();
  const { id = '', token = '' } = usePathParams('/forms/:id/:token');
  const form = usePublicForm(id, token);
  const submit = useSubmitForm(id, token);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const lang = i18n.language === 'de' ? 'de' : 'en';

  // The form's language first; the guest may switch.
  useEffect(() => {
    if (form.data && loadedId !== form.data.id) {
      setLoadedId(form.data.id);
      setValues(form.data.data ?? {});
      void i18n.changeLanguage(form.data.language === 'de' ? 'de' : 'en');
    }
  }, [form.data, loadedId, i18n]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  if (form.isPending)
    return (
      <Center h="60vh">
        <Loader aria-label={t('customForms.public.loading')} />
      </Center>
    );
  if (form.isError || !form.data)
    return (
      <Container size="xs" py="xl" className={classes.readable}>
        <Alert color="red" title={t('customForms.public.notFoundTitle')}>
          {form.error instanceof ApiError && form.error.status === 429
            ? t('customForms.public.tooMany')
            : t('customForms.public.notFound')}
        </Alert>
      </Container>
    );

  const fields = form.data.fields as FormField[];
  const title = localText(form.data.title, lang);
  const today = localToday();

  const check = (key: string, next = values) => {
    const field = fields.find((f) => f.key === key);
    if (!field) return;
    const code = validateField(field, next[key], today, next);
    setErrors((e) => {
      const copy = { ...e };
      if (code) copy[key] = ruleMessage(code, field, lang, today);
      else delete copy[key];
      return copy;
    });
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateAnswers(fields, values, today, lang);
    setErrors(errorsByKey(found));
    if (found.length) {
      document.getElementById(`pf-${found[0]?.path}`)?.focus();
      return;
    }
    try {
      await submit.mutateAsync(values);
      setSent(true);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.details?.length) setErrors(fieldErrorsOf(error.details));
    }
  };

  if (sent)
    return (
      <Container size="xs" py="xl" className={classes.readable}>
        <Paper p="lg" withBorder role="status">
          <Title order={1} size="h3">
            {t('customForms.public.thanksTitle')}
          </Title>
          <Text mt="sm">{t('customForms.public.thanks')}</Text>
          <Button mt="md" variant="light" onClick={() => setSent(false)}>
            {t('customForms.public.edit')}
          </Button>
        </Paper>
      </Container>
    );

  const errorCount = Object.keys(errors).length;
  return (
    <Container size="sm" px="md" py="lg" className={classes.readable}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="form-title">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} size="h2" id="form-title">
              {title || t('customForms.public.title')}
            </Title>
            <SegmentedControl
              size="xs"
              aria-label={t('customForms.public.language')}
              value={lang}
              onChange={(v) => void i18n.changeLanguage(v)}
              data={[
                { value: 'de', label: 'DE' },
                { value: 'en', label: 'EN' },
              ]}
            />
          </Group>
          {form.data.status === 'submitted' && (
            <Alert color="green">{t('customForms.public.alreadySent')}</Alert>
          )}
          {errorCount > 0 && (
            <Alert color="red" role="alert">
              {t('customForms.public.fixErrors', { count: errorCount })}
            </Alert>
          )}
          {submit.isError && !(submit.error instanceof ApiError && submit.error.details?.length) && (
            <Alert color="red" role="alert">
              {t('customForms.public.failed')}
            </Alert>
          )}
          <FormView
            fields={fields}
            language={lang}
            values={values}
            errors={errors}
            idPrefix="pf"
            onChange={(key, value) => {
              const next = { ...values, [key]: value };
              setValues(next);
              if (errors[key]) check(key, next);
            }}
            onBlur={(key) => check(key)}
          />
          <Button type="submit" size="md" fullWidth loading={submit.isPending}>
            {t('customForms.public.submit')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
