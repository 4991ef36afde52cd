import { COMMENT_MAX_LENGTH, type TBookingComment } from '@atoll/domain/bookings/comments';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import type { useBookingCommentCall } from '../api.ts';

type TProps = {
  comment: TBookingComment;
  /** The author's own comment, or an administrator. */
  canChange: boolean;
  canMarkInternal: boolean;
  call: ReturnType<typeof useBookingCommentCall>;
};

/** One comment of the thread: author, date and time, internal or not, the text; edit and delete for its author. */
export function BookingComment({ comment, canChange, canMarkInternal, call }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  const [internal, setInternal] = useState(comment.internal);
  const [deleting, setDeleting] = useState(false);
  const author = comment.authorName || t('bookings.comments.formerUser');
  const edited = comment.updatedAt !== comment.createdAt;

  const startEdit = () => {
    setText(comment.text);
    setInternal(comment.internal);
    setEditing(true);
  };
  const save = () =>
    call.mutate(
      {
        kind: 'change',
        id: comment.id,
        body: { text: text.trim(), ...(canMarkInternal ? { internal } : {}) },
      },
      {
        onSuccess: () => {
          setEditing(false);
          showSuccess(t('common.saved'));
        },
      },
    );
  const remove = () =>
    call.mutate(
      { kind: 'delete', id: comment.id },
      {
        onSuccess: () => showSuccess(t('common.deleted')),
        onSettled: () => setDeleting(false),
      },
    );

  return (
    <Paper component="li" withBorder p="sm" radius="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {author}
          </Text>
          <Text size="sm" c="dimmed" component="time" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt, lang)}
            {edited ? ` · ${t('bookings.comments.edited')}` : ''}
          </Text>
          {comment.internal && (
            <Badge color="gray" variant="light" size="sm">
              {t('bookings.comments.internalBadge')}
            </Badge>
          )}
        </Group>
        {canChange && !editing && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={startEdit} aria-label={t('bookings.comments.edit')}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setDeleting(true)}
              aria-label={t('bookings.comments.delete')}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs" mt="xs">
          <Textarea
            label={t('bookings.comments.text')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={COMMENT_MAX_LENGTH}
          />
          <Group justify={canMarkInternal ? 'space-between' : 'flex-end'} gap="xs">
            {canMarkInternal && (
              <Checkbox
                label={t('bookings.comments.internal')}
                checked={internal}
                onChange={(e) => setInternal(e.currentTarget.checked)}
              />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={save} loading={call.isPending} disabled={text.trim() === ''}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Text>
      )}
      <ConfirmModal
        opened={deleting}
        title={t('bookings.comments.deleteTitle')}
        text={t('bookings.comments.deleteText')}
        confirmLabel={t('common.delete')}
        busy={call.isPending}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </Paper>
  );
}
