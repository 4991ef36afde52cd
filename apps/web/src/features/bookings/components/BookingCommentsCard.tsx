import { COMMENT_MAX_LENGTH } from '@atoll/domain/bookings/comments';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingCommentCall, useBookingComments } from '../api.ts';
import { BookingComment } from './BookingComment.tsx';

/**
 * The comments of a booking on its detail page, newest first (docs/domain/lifecycle.md "Comments"): the office
 * reads all and writes internal or public ones; an agent or customer reads and writes the public ones of their
 * own bookings. Each author edits and deletes their own, an administrator any.
 */
export function BookingCommentsCard({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const comments = useBookingComments(bookingId);
  const call = useBookingCommentCall(bookingId);
  const isOffice = hasScope(scopes, ['bookings.update']);
  const canWrite = hasScope(scopes, ['bookings.update', 'agencies.self', 'customers.self']);
  const isAdmin = hasScope(scopes, ['admin']);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(true);
  const rows = comments.data ?? [];

  const add = () =>
    call.mutate(
      { kind: 'add', body: { text: text.trim(), ...(isOffice ? { internal } : {}) } },
      {
        onSuccess: () => {
          setText('');
          // The next one is internal again unless the office says otherwise: nothing goes out by accident.
          setInternal(true);
          showSuccess(t('bookings.comments.added'));
        },
      },
    );

  return (
    <SectionCard title={t('bookings.comments.title')} icon={IconMessages}>
      <Stack gap="sm">
        {canWrite && (
          <Stack gap="xs">
            <Textarea
              label={t('bookings.comments.new')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={COMMENT_MAX_LENGTH}
            />
            <Group justify="space-between" gap="xs">
              {isOffice ? (
                <Checkbox
                  label={t('bookings.comments.internal')}
                  description={t('bookings.comments.internalHint')}
                  checked={internal}
                  onChange={(e) => setInternal(e.currentTarget.checked)}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('bookings.comments.publicHint')}
                </Text>
              )}
              <Button onClick={add} loading={call.isPending} disabled={text.trim() === ''}>
                {t('bookings.comments.add')}
              </Button>
            </Group>
          </Stack>
        )}
        {comments.isError && <Text c="red">{t('bookings.comments.failed')}</Text>}
        {!comments.isPending && !comments.isError && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('bookings.comments.none')}
          </Text>
        )}
        {rows.length > 0 && (
          <Stack gap="xs" component="ul" role="list" aria-label={t('bookings.comments.title')} m={0} p={0}>
            {rows.map((comment) => (
              <BookingComment
                key={comment.id}
                comment={comment}
                canChange={canWrite && (isAdmin || comment.userId === user?.id)}
                canMarkInternal={isOffice}
                call={call}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
