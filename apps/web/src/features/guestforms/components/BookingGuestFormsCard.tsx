import type { TBooking } from '@atoll/domain/bookings';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useAddAllToBooking, useBookingGuestFormLinks } from '../api.ts';
import { GuestFormActions, GuestFormStatusBadge } from './GuestFormActions.tsx';

/** The booking's guest forms: each guest's status and link, the multi-guest link and "add all to booking". */
export function BookingGuestFormsCard({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], ['customers.update']);
  const links = useBookingGuestFormLinks(booking.id);
  const addAll = useAddAllToBooking();
  const rows = links.data ?? [];
  const submitted = rows.filter((r) => r.status === 'submitted').length;
  const multi = rows[0]?.multiLink;
  const copyMulti = async () => {
    if (!multi) return;
    await navigator.clipboard?.writeText(multi).catch(() => undefined);
    showSuccess(t('guestforms.office.linkCopied'));
  };
  return (
    <SectionCard title={t('guestforms.office.cardTitle')} icon={IconClipboardList}>
      <Stack gap="sm">
        {rows.length === 0 && <Text size="sm">{t('guestforms.office.noGuests')}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={t('guestforms.office.cardTitle')} data-testid="booking-guestforms">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('guestforms.office.guest')}</Table.Th>
                  <Table.Th>{t('guestforms.office.status')}</Table.Th>
                  <Table.Th>{t('guestforms.office.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.guestName ?? '–'}</Table.Td>
                    <Table.Td>
                      <GuestFormStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>
                      <GuestFormActions id={r.id} status={r.status} link={r.link} name={r.guestName ?? ''} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="xs">
          {multi && (
            <Button size="xs" variant="default" onClick={() => void copyMulti()}>
              {t('guestforms.office.copyMultiLink')}
            </Button>
          )}
          {canWrite && submitted > 0 && (
            <Button
              size="xs"
              loading={addAll.isPending}
              onClick={() =>
                addAll.mutate(booking.id, {
                  onSuccess: (a) => showSuccess(t('guestforms.office.addedAll', { count: a.added.length })),
                })
              }
            >
              {t('guestforms.office.addAll', { count: submitted })}
            </Button>
          )}
        </Group>
      </Stack>
    </SectionCard>
  );
}
