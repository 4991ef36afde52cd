import type { TBooking } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { NO_WRAP } from '../../../components/DataTable.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useXeroInvoices } from '../../plugins/xeroInvoices.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useBookingDocuments, useInvoices, usePublicLink } from '../api.ts';
import { BookingFiles } from './BookingFiles.tsx';
import { InvoiceKindBadges, InvoiceRowActions, IssueInvoiceButton } from './InvoiceParts.tsx';

const KINDS = ['offer', 'reservation', 'confirmation', 'voucher', 'guestlist'] as const;
const INVOICEABLE = new Set(['confirmed', 'resolved', 'aborted']);

/** The booking's papers: its documents as PDF, its invoices (issue, cancel, public link) and the kept files. */
export function BookingDocumentsCard({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], ['bookings.update']);
  const invoices = useInvoices({ bookingId: booking.id, size: 100 }).data?.data ?? [];
  const documents = useBookingDocuments(booking.id).data ?? [];
  const link = usePublicLink(booking.id);
  // Xero's state for staff who read bookings (agents and customers see no Xero part).
  const xero = useXeroInvoices(
    invoices.map((i) => i.id),
    hasScope(user?.scopes ?? [], ['bookings.read']),
  );
  const active = invoices.filter((i) => i.kind !== 'cancellation' && i.cancelledById === null);

  const copyLink = async () => {
    const answer = await link.mutateAsync();
    await navigator.clipboard?.writeText(answer.url).catch(() => undefined);
    showSuccess(t('documents.card.linkCopied', { url: answer.url }));
  };

  return (
    <SectionCard title={t('documents.card.title')} icon={IconFileInvoice}>
      <Stack gap="md">
        <Group gap="xs">
          {KINDS.map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant="light"
              onClick={() => openPdf(`/api/bookings/${booking.id}/download`, { kind }, `${kind}.pdf`)}
            >
              {t(`documents.kinds.${kind}`)}
            </Button>
          ))}
        </Group>
        <Group justify="space-between">
          <Title order={4}>{t('documents.card.invoices')}</Title>
          <Group gap="xs">
            {active.length > 0 && (
              <Button size="xs" variant="default" loading={link.isPending} onClick={copyLink}>
                {t('documents.card.publicLink')}
              </Button>
            )}
            {canWrite && INVOICEABLE.has(booking.state) && active.length === 0 && (
              <IssueInvoiceButton booking={booking} />
            )}
          </Group>
        </Group>
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documents.card.noInvoices')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={460}>
            <Table aria-label={t('documents.card.invoices')}>
              <Table.Tbody>
                {invoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td style={NO_WRAP}>
                      <Anchor
                        component="button"
                        onClick={() =>
                          openPdf(`/api/invoices/${invoice.id}/pdf`, {}, `${invoice.number}.pdf`)
                        }
                      >
                        {invoice.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <InvoiceKindBadges invoice={invoice} />
                    </Table.Td>
                    <Table.Td style={NO_WRAP}>{formatDay(invoice.date, lang)}</Table.Td>
                    <Table.Td ta="right" style={NO_WRAP}>
                      {formatMoney(invoice.gross, invoice.currency, lang)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <InvoiceRowActions invoice={invoice} canWrite={canWrite} xero={xero} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <BookingFiles bookingId={booking.id} files={documents} />
      </Stack>
    </SectionCard>
  );
}
