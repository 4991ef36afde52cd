import type { TBookingDocument } from '@atoll/domain/documents';
import { hasScope } from '@atoll/domain/scopes';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { formatDay } from '../../../components/format.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useDeleteBookingFile, useUploadBookingFile } from '../api.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';

const sizeOf = (bytes: number, lang: string) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 }).format(
    bytes >= 1024 * 1024 ? bytes / 1024 / 1024 : bytes / 1024,
  ) + (bytes >= 1024 * 1024 ? ' MB' : ' KB');

/**
 * The files kept with a booking: the PDFs stored from its documents and the files uploaded to it (a passport scan,
 * flight tickets). The office and the booking's agent upload; an upload is deleted by the office or its uploader.
 */
export function BookingFiles({ bookingId, files }: { bookingId: number; files: TBookingDocument[] }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isOffice = hasScope(scopes, ['bookings.update']);
  const canUpload = hasScope(scopes, ['bookings.update', 'agencies.self']);
  const upload = useUploadBookingFile(bookingId);
  const remove = useDeleteBookingFile(bookingId);
  const [optimize, setOptimize] = useState(true);
  const [asked, setAsked] = useState<TBookingDocument | null>(null);
  const lang = i18n.language;

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { file, optimize },
      { onSuccess: (doc) => showSuccess(t('documents.files.uploaded', { name: doc.name })) },
    );
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={4}>{t('documents.card.stored')}</Title>
        {canUpload && (
          <Group gap="sm">
            <Checkbox
              size="xs"
              label={t('documents.files.optimize')}
              checked={optimize}
              onChange={(e) => setOptimize(e.currentTarget.checked)}
            />
            <FileButton onChange={send} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  loading={upload.isPending}
                  leftSection={<IconUpload size={14} aria-hidden />}
                >
                  {t('documents.files.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.files.none')}
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('documents.card.stored')}
        >
          {files.map((doc) => (
            <Group key={doc.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" style={{ minWidth: 0 }}>
                <Anchor
                  component="button"
                  ta="left"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => openPdf(`/api/bookings/${bookingId}/documents/${doc.id}`, {}, doc.name)}
                >
                  {doc.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDay(doc.createdAt.slice(0, 10), lang)} · {sizeOf(doc.size, lang)}
                </Text>
                {doc.kind === 'upload' && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('documents.files.uploadBadge')}
                  </Badge>
                )}
              </Group>
              {doc.kind === 'upload' && (isOffice || doc.userId === user?.id) && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('documents.files.delete', { name: doc.name })}
                  onClick={() => setAsked(doc)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={asked !== null}
        title={t('documents.files.deleteTitle')}
        text={asked ? t('documents.files.deleteQuestion', { name: asked.name }) : ''}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => asked && remove.mutate(asked.id, { onSuccess: () => setAsked(null) })}
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}
