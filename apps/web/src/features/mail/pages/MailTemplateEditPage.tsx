import { MAIL_ATTACHMENT_KINDS, MAIL_TEMPLATE_STATES, type TMailTemplate } from '@atoll/domain/mail';
import {
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordFailure, recordId } from '../../../components/DetailPage.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useDeleteMailTemplate, useMailTemplate, useSaveMailTemplate } from '../api.ts';
import { MailPreview } from '../components/MailPreview.tsx';

type TForm = Pick<
  TMailTemplate,
  'name' | 'state' | 'language' | 'subject' | 'body' | 'attachments' | 'isActive'
>;
const EMPTY: TForm = {
  name: '',
  state: 'custom',
  language: 'de',
  subject: '',
  body: '',
  attachments: [],
  isActive: true,
};

/** /config/mailtemplates/:id ("new" creates): the template's texts with the placeholders and a preview. */
export default function MailTemplateEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const isNew = params.id === 'new';
  const id = isNew ? null : recordId(params.id);
  const query = useMailTemplate(id);
  const back = <BackLink to={routePath('mailTemplates')} label={t('mail.templates.back')} />;
  if (!isNew && id === null) return <RecordFailure back={back} error={null} />;
  if (!isNew && query.isPending) return <PageLoader />;
  if (!isNew && query.error) return <RecordFailure back={back} error={query.error} />;
  return (
    <Stack gap="md">
      {back}
      <TemplateForm key={query.data?.id ?? 'new'} template={query.data ?? null} />
    </Stack>
  );
}

function TemplateForm({ template }: { template: TMailTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveMailTemplate();
  const remove = useDeleteMailTemplate();
  const [confirming, setConfirming] = useState(false);
  const [form, setForm] = useState<TForm>(template ?? EMPTY);
  const body = useRef<HTMLTextAreaElement>(null);
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (key: string) =>
    save.error && 'details' in save.error
      ? (save.error.details as { path: string }[] | undefined)?.some((d) => d.path.endsWith(key))
        ? t('mail.templates.invalid')
        : undefined
      : undefined;

  const insert = (text: string) => {
    const el = body.current;
    const at = el?.selectionStart ?? form.body.length;
    const end = el?.selectionEnd ?? at;
    set('body', form.body.slice(0, at) + text + form.body.slice(end));
  };
  const submit = () =>
    save.mutate(
      { id: template?.id ?? null, body: form },
      {
        onSuccess: (row) => {
          showSuccess(t(template ? 'common.saved' : 'common.created'));
          if (!template) void navigate(routePath('mailTemplateEdit', { id: row.id }), { replace: true });
        },
      },
    );

  return (
    <>
      <PageHeader title={template ? template.name : t('mail.templates.new')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Stack gap="sm">
            <TextInput
              label={t('resources.mailtemplate.fields.name')}
              required
              value={form.name}
              error={error('name')}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <Group grow>
              <Select
                label={t('resources.mailtemplate.fields.state')}
                data={MAIL_TEMPLATE_STATES.map((s) => ({ value: s, label: t(`mail.states.${s}`) }))}
                value={form.state}
                allowDeselect={false}
                onChange={(v) => v && set('state', v as TForm['state'])}
              />
              <Select
                label={t('resources.mailtemplate.fields.language')}
                data={['de', 'en'].map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={form.language}
                allowDeselect={false}
                onChange={(v) => v && set('language', v)}
              />
            </Group>
            <TextInput
              label={t('resources.mailtemplate.fields.subject')}
              required
              value={form.subject}
              error={error('subject')}
              onChange={(e) => set('subject', e.currentTarget.value)}
            />
            <Textarea
              ref={body}
              label={t('resources.mailtemplate.fields.body')}
              required
              autosize
              minRows={8}
              maxRows={24}
              value={form.body}
              error={error('body')}
              onChange={(e) => set('body', e.currentTarget.value)}
            />
            <MultiSelect
              label={t('resources.mailtemplate.fields.attachments')}
              data={MAIL_ATTACHMENT_KINDS.map((k) => ({ value: k, label: t(`mail.attachments.${k}`) }))}
              value={form.attachments}
              onChange={(v) => set('attachments', v as TForm['attachments'])}
            />
            <Switch
              label={t('resources.mailtemplate.fields.isActive')}
              checked={form.isActive}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
            />
            <Group gap="xs">
              <Button onClick={submit} loading={save.isPending}>
                {t('common.save')}
              </Button>
              {template && (
                <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                  {t('common.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </div>
        <div>
          <MailPreview subject={form.subject} body={form.body} language={form.language} onInsert={insert} />
        </div>
      </SimpleGrid>
      {template && (
        <ConfirmModal
          opened={confirming}
          title={t('common.delete')}
          text={t('mail.templates.deleteQuestion', { name: template.name })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(template.id, {
              onSuccess: () => {
                showSuccess(t('common.deleted'));
                void navigate(routePath('mailTemplates'));
              },
            })
          }
        />
      )}
    </>
  );
}
