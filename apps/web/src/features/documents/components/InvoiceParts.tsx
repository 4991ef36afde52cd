import type { TInvoice } from '@atoll/domain/documents';
import { Badge, Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { openPdf } from '../../vessels/openPdf.ts';
import { useCancelInvoice } from '../api.ts';

// The parts an invoice row shows wherever invoices are listed (the booking's documents card, /finance/invoices).

/** The invoice's kind, and "cancelled" when a cancellation invoice reverses it. */
export function InvoiceKindBadges({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light" color={invoice.kind === 'cancellation' ? 'red' : 'blue'}>
        {t(`documents.invoiceKinds.${invoice.kind}`)}
      </Badge>
      {invoice.cancelledById !== null && (
        <Badge ml="xs" variant="outline" color="gray">
          {t('documents.invoices.cancelled')}
        </Badge>
      )}
    </>
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
        {t('documents.invoices.cancel')}
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
