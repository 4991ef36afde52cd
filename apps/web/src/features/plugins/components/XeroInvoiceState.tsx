import type { TInvoice } from '@atoll/domain/documents';
import type { TXeroInvoice } from '@atoll/domain/plugins/xero';
import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { showSuccess } from '../../../app/messages.ts';
import { type TXeroAction, useXeroInvoiceCall } from '../xeroInvoices.ts';

const GONE = ['VOIDED', 'DELETED'];

type TProps = {
  invoice: TInvoice;
  /** The invoice as last synced with Xero; undefined when it was never pushed. */
  state: TXeroInvoice | undefined;
  canWrite: boolean;
};

/**
 * An invoice row's Xero part while Xero is connected: its state there (pushed with the status, or failed with
 * Xero's reason) and, for staff who may change bookings, push, send again and pull the status. A failure
 * changes nothing here (the server stores only what Xero accepted).
 */
export function XeroInvoiceState({ invoice, state, canWrite }: TProps) {
  const { t } = useTranslation();
  const call = useXeroInvoiceCall(invoice.id);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (action: TXeroAction) =>
    call.mutate(action, {
      onSuccess: (answer) => {
        setFailure(null);
        showSuccess(
          t(`plugins.xeroInvoice.done.${action}`, {
            number: invoice.number,
            status: t(`plugins.xeroInvoice.statuses.${answer.status}`, { defaultValue: answer.status }),
          }),
        );
      },
      onError: (error: ApiError) =>
        setFailure(error.reason ?? t(`errors.${error.description}`, { defaultValue: error.description })),
    });
  const pushed = state && !GONE.includes(state.status) ? state : undefined;
  const label = t('plugins.xeroInvoice.menu', { number: invoice.number });
  return (
    <Stack gap={2} align="flex-end">
      <Group gap={4} wrap="nowrap">
        {state && (
          <Badge
            size="sm"
            variant={GONE.includes(state.status) ? 'outline' : 'light'}
            color={GONE.includes(state.status) ? 'gray' : 'blue'}
          >
            {t('plugins.xeroInvoice.inXero', {
              status: t(`plugins.xeroInvoice.statuses.${state.status}`, { defaultValue: state.status }),
            })}
          </Badge>
        )}
        {failure && (
          <Badge size="sm" variant="filled" color="red">
            {t('plugins.xeroInvoice.failed')}
          </Badge>
        )}
        {canWrite && !pushed && (
          <Button size="compact-xs" variant="light" loading={call.isPending} onClick={() => run('push')}>
            {t('plugins.xeroInvoice.push')}
          </Button>
        )}
        {pushed && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" loading={call.isPending} aria-label={label}>
                Xero
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => run('status')}>{t('plugins.xeroInvoice.status')}</Menu.Item>
              {canWrite && (
                <Menu.Item onClick={() => run('again')}>{t('plugins.xeroInvoice.again')}</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {failure && (
        <Text size="xs" c="red" maw={320} ta="right" role="alert">
          {t('plugins.xeroInvoice.reason', { reason: failure })}
        </Text>
      )}
    </Stack>
  );
}
