import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useAddToBooking, useGuestFormDiff, useSyncWithCustomer } from '../api.ts';

// The office's buttons on one guest form: add to booking, sync with the customer, the diff, print and
// the guest's link.

export function GuestFormStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = status === 'added' ? 'blue' : status === 'submitted' ? 'green' : 'gray';
  return (
    <Badge color={color} variant="light" radius="sm" c="var(--mantine-color-text)">
      {t(`guestforms.status.${status}`)}
    </Badge>
  );
}

export function GuestFormActions(props: {
  id: number;
  status: string;
  link?: string | undefined;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], ['customers.update']);
  const add = useAddToBooking();
  const sync = useSyncWithCustomer();
  const [diffOpen, setDiffOpen] = useState(false);
  const copy = async () => {
    if (!props.link) return;
    await navigator.clipboard?.writeText(props.link).catch(() => undefined);
    showSuccess(t('guestforms.office.linkCopied'));
  };
  return (
    <Group gap={4} wrap="nowrap">
      {canWrite && props.status === 'submitted' && (
        <Button
          size="compact-xs"
          loading={add.isPending}
          aria-label={t('guestforms.office.addToBookingFor', { name: props.name })}
          onClick={() => add.mutate(props.id, { onSuccess: () => showSuccess(t('guestforms.office.added')) })}
        >
          {t('guestforms.office.addToBooking')}
        </Button>
      )}
      {canWrite && props.status !== 'open' && (
        <Button
          size="compact-xs"
          variant="light"
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(props.id, { onSuccess: () => showSuccess(t('guestforms.office.synced')) })
          }
        >
          {t('guestforms.office.sync')}
        </Button>
      )}
      <Button size="compact-xs" variant="default" onClick={() => setDiffOpen(true)}>
        {t('guestforms.office.diff')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        onClick={() =>
          void openPdf(
            `/api/guestform/${props.id}/print`,
            { lang: i18n.language.slice(0, 2) },
            'guestform.pdf',
          )
        }
      >
        {t('guestforms.office.print')}
      </Button>
      {props.link && (
        <Button size="compact-xs" variant="subtle" onClick={() => void copy()}>
          {t('guestforms.office.copyLink')}
        </Button>
      )}
      {diffOpen && <DiffModal id={props.id} onClose={() => setDiffOpen(false)} />}
    </Group>
  );
}

function DiffModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const diff = useGuestFormDiff(id);
  return (
    <Modal opened onClose={onClose} title={t('guestforms.office.diffTitle')} size="lg">
      {diff.data && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('guestforms.office.field')}</Table.Th>
              <Table.Th>{t('guestforms.office.formValue')}</Table.Th>
              <Table.Th>{t('guestforms.office.customerValue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.data.fields.map((f) => (
              <Table.Tr key={f.field}>
                <Table.Td>{t(`guestforms.fields.${f.answer}`)}</Table.Td>
                <Table.Td fw={f.differs ? 700 : undefined}>{f.form ?? '–'}</Table.Td>
                <Table.Td>{f.customer ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {diff.data?.customerId === null && <Text size="sm">{t('guestforms.office.noCustomer')}</Text>}
    </Modal>
  );
}
