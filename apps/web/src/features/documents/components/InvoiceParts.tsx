import type { TBooking } from '@atoll/domain/bookings';
import type { TInvoice } from '@atoll/domain/documents';
import { formatMoney } from '@atoll/domain/money';
import { Badge, Button, Group, Menu } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { XeroInvoiceState } from '../../plugins/components/XeroInvoiceState.tsx';
import type { useXeroInvoices } from '../../plugins/xeroInvoices.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useCancelInvoice, useIssueInvoice } from '../api.ts';

// The parts an invoice row shows wherever invoices are listed (the booking's documents card, /finance/invoices).

/** The invoice's kind, and "cancelled" when a cancellation invoice reverses it. */
export function InvoiceKindBadges({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge variant="light" color={invoice.kind === 'cancellation' ? 'red' : 'blue'}>
        {t(`documents.invoiceKinds.${invoice.kind}`)}
      </Badge>
      {invoice.cancelledById !== null && (
        <Badge variant="outline" color="gray">
          {t('documents.invoices.cancelled')}
        </Badge>
      )}
    </Group>
  );
}

/** "Cancel" with its confirmation: issues the cancellation invoice. Nothing for a cancellation or a cancelled one. */
export function CancelInvoiceButton({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const cancel = useCancelInvoice();
  const [confirming, setConfirming] = useState(false);
  if (invoice.kind === 'cancellation' || invoice.cancelledById !== null) return null;
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        {t('documents.invoices.cancelAction')}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t('documents.invoices.cancelTitle', { number: invoice.number })}
        text={t('documents.invoices.cancelText')}
        confirmLabel={t('documents.invoices.cancel')}
        busy={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(invoice.id, {
            onSuccess: () => {
              setConfirming(false);
              showSuccess(t('documents.invoices.cancelledMessage'));
            },
          })
        }
      />
    </>
  );
}

/** "Issue invoice" with its confirmation: who is billed and how much, and that an invoice is never changed. */
export function IssueInvoiceButton({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const issue = useIssueInvoice(booking.id);
  const [confirming, setConfirming] = useState(false);
  const number = booking.bookingNo ?? booking.reservationNo ?? booking.offerNo ?? String(booking.id);
  const total = formatMoney(booking.total, booking.currency, currentLanguage());
  return (
    <>
      <Button size="xs" onClick={() => setConfirming(true)}>
        {t('documents.card.issue')}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t('documents.card.issueTitle', { number })}
        text={t(booking.agencyId ? 'documents.card.issueTextAgency' : 'documents.card.issueTextCustomer', {
          total,
        })}
        confirmLabel={t('documents.card.issue')}
        color="blue"
        busy={issue.isPending}
        onClose={() => setConfirming(false)}
        // A promise rather than mutate's callbacks: the issued invoice replaces this button, and mutate's
        // callbacks do not run once it is gone. The API client shows an error itself.
        onConfirm={() =>
          issue.mutateAsync().then(
            () => showSuccess(t('documents.card.issued')),
            () => undefined,
          )
        }
      />
    </>
  );
}

/** "E-invoice": the XRechnung (CII or UBL) and the ZUGFeRD PDF of the invoice (docs/domain/e-invoices.md). */
export function EinvoiceMenu({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const base = `/api/invoices/${invoice.id}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="light">
          {t('documents.invoices.einvoice')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => openPdf(`${base}/xrechnung`, { syntax: 'cii' }, `${invoice.number}-CII.xml`)}
        >
          {t('documents.invoices.xrechnungCii')}
        </Menu.Item>
        <Menu.Item
          onClick={() => openPdf(`${base}/xrechnung`, { syntax: 'ubl' }, `${invoice.number}-UBL.xml`)}
        >
          {t('documents.invoices.xrechnungUbl')}
        </Menu.Item>
        <Menu.Item
          onClick={() => openPdf(`${base}/pdf`, { format: 'zugferd' }, `${invoice.number}-ZUGFeRD.pdf`)}
        >
          {t('documents.invoices.zugferd')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * An invoice row's actions, in the invoice list and on the booking: what comes first (`children`), the e-invoice
 * downloads, cancelling (with `canWrite`) and, when Xero is connected, the invoice's state there.
 */
export function InvoiceRowActions(props: {
  invoice: TInvoice;
  canWrite: boolean;
  xero: ReturnType<typeof useXeroInvoices>;
  children?: ReactNode;
}) {
  return (
    <>
      {/* The buttons wrap rather than widen the table: the invoice list fits its box at 1280 px. */}
      <Group gap={4} justify="flex-end">
        {props.children}
        <EinvoiceMenu invoice={props.invoice} />
        {props.canWrite && <CancelInvoiceButton invoice={props.invoice} />}
      </Group>
      {props.xero.connected && (
        <XeroInvoiceState
          invoice={props.invoice}
          state={props.xero.byInvoice.get(props.invoice.id)}
          canWrite={props.canWrite}
        />
      )}
    </>
  );
}
