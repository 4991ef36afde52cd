import type { FileAnswer, FormField } from '@atoll/domain/forms/rules';
import { hasScope } from '@atoll/domain/scopes';
import {
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Center,
  Checkbox,
  CopyButton,
  Drawer,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { session, useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { RecordFailure } from '../../../components/DetailPage.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useOpenRecord } from '../../../components/useOpenRecord.ts';
import {
  formKeys,
  type TSentForm,
  useCustomerHits,
  useFormActions,
  useFormDefs,
  useFormView,
  useSendForm,
} from '../api.ts';
import { localText } from '../components/FormView.tsx';

// /form and /crm/forms: the forms sent to customers and bookings. Send a new one (link, optional mail),
// open one: its link to copy, its QR code and the answers.

const statusColor = { open: 'blue', submitted: 'green' } as const;

function answerText(field: FormField, value: unknown, lang: string): string {
  if (value === undefined || value === null || value === '') return '–';
  const option = (v: string) => localText(field.options?.find((o) => o.value === v)?.label, lang) || v;
  if (Array.isArray(value)) return value.map((v) => option(String(v))).join(', ');
  if (field.type === 'Radio' || field.type === 'Select') return option(String(value));
  if (field.type === 'Stars') return `${value} / ${field.stars ?? 5} ★`;
  if (field.type === 'Image') return (value as FileAnswer).name;
  return String(value);
}

function QrCode({ id }: { id: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    const token = session.token();
    void fetch(apiUrl(`/form/${id}/qrcode`), {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return src ? (
    <Image src={src} alt={t('customForms.list.qrAlt')} w={200} h={200} data-testid="form-qrcode" />
  ) : (
    <Loader size="sm" />
  );
}

function FormDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const view = useFormView(id);
  const actions = useFormActions();
  const { user } = useSession();
  const [confirm, setConfirm] = useState(false);
  if (view.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (view.isError || !view.data) return <RecordFailure back={null} error={view.error} />;
  const form = view.data;
  const answerable = form.fields.filter((f) => !['Header', 'Text', 'Video', 'Download'].includes(f.type));
  return (
    <Stack>
      <Group gap="xs">
        <Badge color={statusColor[form.status]} variant="light">
          {t(`customForms.list.status.${form.status}`)}
        </Badge>
        <Text size="sm">{form.customerName ?? ''}</Text>
        {form.bookingNo && <Text size="sm">· {form.bookingNo}</Text>}
      </Group>
      {form.link && (
        <Group gap="xs">
          <CopyButton value={form.link}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('customForms.list.copied') : t('customForms.list.copyLink')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={form.link} target="_blank" size="sm" data-testid="form-link">
            {t('customForms.list.openLink')}
          </Anchor>
        </Group>
      )}
      <div>
        <Text fw={600} size="sm">
          {t('customForms.list.qrcode')}
        </Text>
        <QrCode id={form.id} />
      </div>
      <Title order={4}>{t('customForms.list.answers')}</Title>
      {Object.keys(form.data).length === 0 ? (
        <Text c="dimmed">{t('customForms.list.noAnswers')}</Text>
      ) : (
        <Table data-testid="form-answers">
          <Table.Tbody>
            {answerable.map((field) => (
              <Table.Tr key={field.key}>
                <Table.Th scope="row">{localText(field.label, lang) || field.key}</Table.Th>
                <Table.Td>{answerText(field, form.data[field.key], lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        {hasScope(user?.scopes ?? [], ['forms.create']) && (
          <Button variant="default" onClick={() => actions.copy.mutate(form.id, { onSuccess: onClose })}>
            {t('customForms.list.copy')}
          </Button>
        )}
        {hasScope(user?.scopes ?? [], ['forms.delete']) && (
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {t('customForms.list.delete')}
          </Button>
        )}
      </Group>
      <DeleteModal
        opened={confirm}
        name={`${form.formDefName ?? ''} #${form.id}`}
        busy={actions.remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          actions.remove.mutate(form.id, {
            onSuccess: () => {
              setConfirm(false);
              onClose();
            },
          })
        }
      />
    </Stack>
  );
}

function SendModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (f: TSentForm) => void;
}) {
  const { t } = useTranslation();
  const defs = useFormDefs();
  const send = useSendForm();
  const [formDefId, setFormDefId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const hits = useCustomerHits(debounced).data ?? [];
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [bookingId, setBookingId] = useState<number | ''>('');
  const [language, setLanguage] = useState<'de' | 'en'>(currentLanguage() === 'de' ? 'de' : 'en');
  const [sendMail, setSendMail] = useState(false);
  const label = (h: { id: number; fullName: string }) => `${h.fullName} (#${h.id})`;

  const submit = () => {
    if (!formDefId) return;
    send.mutate(
      {
        formDefId: Number(formDefId),
        customerId,
        bookingId: bookingId === '' ? null : bookingId,
        language,
        sendMail,
      },
      {
        onSuccess: (form) => {
          showSuccess(t('customForms.list.sent'));
          onSent(form);
        },
        onError: () => showError(t('customForms.public.failed')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('customForms.list.send')}>
      <Stack>
        <Select
          label={t('customForms.list.formDef')}
          data={(defs.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={formDefId}
          onChange={setFormDefId}
          required
          searchable
        />
        <Autocomplete
          label={t('customForms.list.customer')}
          placeholder={t('customForms.list.customerSearch')}
          value={search}
          onChange={(v) => {
            setSearch(v);
            const hit = hits.find((h) => label(h) === v);
            setCustomerId(hit ? hit.id : null);
          }}
          data={hits.map(label)}
        />
        <NumberInput
          label={t('customForms.list.bookingId')}
          value={bookingId}
          min={1}
          allowDecimal={false}
          onChange={(v) => setBookingId(typeof v === 'number' ? v : '')}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('customForms.list.language')}
          </Text>
          <SegmentedControl
            aria-label={t('customForms.list.language')}
            value={language}
            onChange={(v) => setLanguage(v as 'de' | 'en')}
            data={[
              { value: 'de', label: 'Deutsch' },
              { value: 'en', label: 'English' },
            ]}
          />
        </div>
        <Checkbox
          label={t('customForms.list.sendMail')}
          checked={sendMail}
          disabled={customerId === null}
          onChange={(e) => setSendMail(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={!formDefId}>
            {t('customForms.list.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /form and /crm/forms: the sent forms with status, answers, link and QR code. */
export default function FormsListPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const { openId, showId, close } = useOpenRecord();
  const [sending, setSending] = useState(false);
  const canSend = hasScope(user?.scopes ?? [], ['forms.create']);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.forms')}</Title>
        <Text c="dimmed" size="sm">
          {t('customForms.list.intro')}
        </Text>
      </div>
      <DataTable<TSentForm>
        resource="form"
        label={t('routes.forms')}
        queryKey={formKeys.list}
        defaultSort="createdAt"
        onRowClick={(row) => showId(row.id)}
        filters={[
          {
            key: 'status',
            options: [
              { value: 'open', label: t('customForms.list.status.open') },
              { value: 'submitted', label: t('customForms.list.status.submitted') },
            ],
          },
        ]}
        columns={[
          { key: 'id', sortable: true },
          { key: 'formDefName', sortable: true },
          { key: 'customerName', sortable: true },
          { key: 'bookingNo', sortable: true },
          {
            key: 'status',
            sortable: true,
            render: (row) => (
              <Badge color={statusColor[row.status]} variant="light">
                {t(`customForms.list.status.${row.status}`)}
              </Badge>
            ),
          },
          { key: 'language', sortable: true },
          { key: 'submittedAt', sortable: true, render: (row) => formatDateTime(row.submittedAt, lang) },
          { key: 'createdAt', sortable: true, render: (row) => formatDateTime(row.createdAt, lang) },
        ]}
        actions={
          canSend && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setSending(true)}>
              {t('customForms.list.send')}
            </Button>
          )
        }
      />
      <SendModal
        opened={sending}
        onClose={() => setSending(false)}
        onSent={(form) => {
          setSending(false);
          showId(form.id);
        }}
      />
      <Drawer
        opened={openId !== null}
        onClose={close}
        position="right"
        size="lg"
        title={openId !== null ? `${t('routes.forms')} #${openId}` : ''}
      >
        {openId !== null && <FormDetail id={openId} onClose={close} />}
      </Drawer>
    </Stack>
  );
}
