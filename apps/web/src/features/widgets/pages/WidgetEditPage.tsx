import type { TWidget } from '@atoll/domain/widgets';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordFailure, recordId } from '../../../components/DetailPage.tsx';
import { fieldErrorsOf, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { routePath } from '../../../components/routePath.ts';
import { useDeleteWidget, useSaveWidget, useWidget, useWidgetAssets } from '../api.ts';
import { EmbedPanel } from '../components/EmbedPanel.tsx';

type TDraft = {
  name: string;
  slug: string;
  active: boolean;
  assetType: 'resort' | 'vessel';
  assetId: string | null;
  language: 'de' | 'en';
  primaryColor: string;
  radius: string;
  origins: string;
};

const EMPTY: TDraft = {
  name: '',
  slug: '',
  active: true,
  assetType: 'vessel',
  assetId: null,
  language: 'en',
  primaryColor: '#1c7ed6',
  radius: 'md',
  origins: '',
};
const FIELDS = ['name', 'slug', 'assetType', 'assetId', 'language', 'look', 'allowedOrigins'] as const;

const toDraft = (w: TWidget): TDraft => ({
  name: w.name,
  slug: w.slug,
  active: w.active,
  assetType: w.assetType,
  assetId: w.assetId === null ? null : String(w.assetId),
  language: w.language,
  primaryColor: w.look.primaryColor ?? EMPTY.primaryColor,
  radius: w.look.radius ?? EMPTY.radius,
  origins: w.allowedOrigins.join('\n'),
});

/** A slug from the name: lower case, digits and dashes. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

/** /widget-admin/create and /widget-admin/:id: the widget's settings, its embed code and a live preview. */
export default function WidgetEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const widget = useWidget(id);
  const save = useSaveWidget();
  const remove = useDeleteWidget();
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const assets = useWidgetAssets(draft.assetType);

  useEffect(() => {
    if (widget.data) setDraft(toDraft(widget.data));
  }, [widget.data]);

  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      name: draft.name,
      slug: draft.slug,
      active: draft.active,
      assetType: draft.assetType,
      assetId: draft.assetId === null ? undefined : Number(draft.assetId),
      language: draft.language,
      look: { primaryColor: draft.primaryColor, radius: draft.radius },
      allowedOrigins: draft.origins
        .split(/[\s,]+/)
        .map((o) => o.trim())
        .filter(Boolean),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          showSuccess(t(isCreate ? 'widgets.form.created' : 'widgets.form.saved'));
          if (isCreate) void navigate(routePath('widgetEdit', { id: saved.id }), { replace: true });
        },
        onError: (error) => {
          const found = fieldErrorsOf(error, FIELDS, {
            field: 'slug',
            message: t('errors.SLUG_TAKEN'),
          });
          if (error instanceof ApiError && error.code === 'SLUG_TAKEN') found.slug = t('errors.SLUG_TAKEN');
          setErrors(found);
          if (error instanceof ApiError) showError(apiErrorText(error));
        },
      },
    );
  };

  if (!isCreate && widget.isLoading) return <Loader />;
  if (!isCreate && widget.isError)
    return (
      <RecordFailure
        back={<BackLink to={routePath('widgets')} label={t('widgets.list.title')} />}
        error={widget.error}
      />
    );
  const saved = widget.data;

  return (
    <Stack gap="md">
      <BackLink to={routePath('widgets')} label={t('widgets.list.title')} />
      <Title order={2}>{isCreate ? t('routes.widgetCreate') : saved?.name}</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('widgets.form.name')}
              required
              value={draft.name}
              error={errors.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setDraft((d) => ({ ...d, name, slug: slugTouched || !isCreate ? d.slug : slugOf(name) }));
              }}
            />
            <TextInput
              label={t('widgets.form.slug')}
              description={t('widgets.form.slugHint')}
              required
              value={draft.slug}
              error={errors.slug}
              onChange={(e) => {
                setSlugTouched(true);
                set('slug', e.currentTarget.value);
              }}
            />
            <Switch
              label={t('widgets.form.active')}
              checked={draft.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />
            <Stack gap={4}>
              <Title order={4} size="sm" fw={500}>
                {t('widgets.form.assetType')}
              </Title>
              <SegmentedControl
                aria-label={t('widgets.form.assetType')}
                value={draft.assetType}
                onChange={(v) =>
                  setDraft((d) => ({ ...d, assetType: v as TDraft['assetType'], assetId: null }))
                }
                data={[
                  { value: 'vessel', label: t('widgets.form.vessel') },
                  { value: 'resort', label: t('widgets.form.resort') },
                ]}
              />
            </Stack>
            <Select
              label={t('widgets.form.asset')}
              required
              searchable
              data={(assets.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={draft.assetId}
              error={errors.assetId}
              onChange={(v) => set('assetId', v)}
            />
            <Select
              label={t('widgets.form.language')}
              description={t('widgets.form.languageHint')}
              data={[
                { value: 'de', label: t('languages.de') },
                { value: 'en', label: t('languages.en') },
              ]}
              value={draft.language}
              allowDeselect={false}
              onChange={(v) => v && set('language', v as TDraft['language'])}
            />
            <Title order={4}>{t('widgets.form.look')}</Title>
            <Group grow align="flex-start">
              <ColorInput
                label={t('widgets.form.primaryColor')}
                format="hex"
                withEyeDropper={false}
                value={draft.primaryColor}
                error={errors.look}
                onChange={(v) => set('primaryColor', v)}
              />
              <Select
                label={t('widgets.form.radius')}
                data={['xs', 'sm', 'md', 'lg', 'xl']}
                value={draft.radius}
                allowDeselect={false}
                onChange={(v) => v && set('radius', v)}
              />
            </Group>
            <Textarea
              label={t('widgets.form.allowedOrigins')}
              description={t('widgets.form.allowedOriginsHint')}
              autosize
              minRows={2}
              value={draft.origins}
              error={errors.allowedOrigins}
              onChange={(e) => set('origins', e.currentTarget.value)}
            />
            <Group justify="space-between">
              <Button type="submit" loading={save.isPending}>
                {t('widgets.form.save')}
              </Button>
              {!isCreate && saved && (
                <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                  {t('widgets.form.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        {saved ? (
          <EmbedPanel slug={saved.slug} active={saved.active} />
        ) : (
          <Alert variant="light">{t('widgets.embed.saveFirst')}</Alert>
        )}
      </SimpleGrid>
      {saved && (
        <ConfirmModal
          opened={confirming}
          title={t('widgets.form.delete')}
          text={t('widgets.form.deleteConfirm')}
          confirmLabel={t('widgets.form.delete')}
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(saved.id, {
              onSuccess: () => {
                showSuccess(t('widgets.form.deleted'));
                void navigate(routePath('widgets'));
              },
            })
          }
        />
      )}
    </Stack>
  );
}
