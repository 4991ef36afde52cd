import { D, formatMoney } from '@atoll/domain/money';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { downloadFile } from '../../../components/downloadFile.ts';
import type { TPosAnswer } from '../api.ts';
import type { TQueued } from '../offline-queue.ts';

type TPendingSale = Extract<TQueued, { kind: 'sale' }>;

/** What is open on a tab: the server's figure with the sales and payments still waiting to sync. */
export function openOf(answer: TPosAnswer | undefined, pendingSales: TPendingSale[], pendingPaid: string) {
  return pendingSales
    .reduce((sum, s) => sum.plus(new D(s.price).times(s.quantity)), new D(answer?.account.open ?? '0'))
    .minus(pendingPaid)
    .toFixed(2);
}

/** The id of the chosen tab's card, for the counter's bar on a narrow screen to scroll to. */
export const TAB_PANEL_ID = 'pos-tab';

/** The chosen tab: its sales (stored and waiting to sync), what is open, payment, the receipt and closing. */
export function TabPanel(props: {
  name: string;
  answer: TPosAnswer | undefined;
  pendingSales: TPendingSale[];
  pendingPaid: string;
  room: boolean;
  onPay: (method: 'cash' | 'card', amount: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const currency = props.answer?.account.currency ?? 'EUR';
  const money = (amount: string) => formatMoney(amount, currency, currentLanguage());
  const items = (props.answer?.account.items ?? []).filter((i) => i.voidedAt === null);
  const open = openOf(props.answer, props.pendingSales, props.pendingPaid);
  const waiting = props.pendingSales.length > 0;
  const tabId = props.answer?.tab.id;
  // The receipt as a PDF for the A4 printer or the 80 mm receipt roll; only of what the server has stored.
  const print = (format: 'a4' | 'receipt') =>
    tabId !== undefined &&
    downloadFile(
      `/api/pos/${tabId}/print`,
      { format, language: currentLanguage() },
      `receipt-${tabId}.pdf`,
      'POST',
    );

  return (
    <Card withBorder id={TAB_PANEL_ID}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.name}
        </Title>
        <Table aria-label={t('pos.counter.sales')}>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{`${i.amount} × ${i.text}`}</Table.Td>
                <Table.Td ta="right">{money(i.total)}</Table.Td>
              </Table.Tr>
            ))}
            {props.pendingSales.map((s) => (
              <Table.Tr key={s.key}>
                <Table.Td>
                  {`${s.quantity} × ${s.text}`}{' '}
                  <Badge size="xs" color="orange" variant="light">
                    {t('pos.counter.waiting')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{money(new D(s.price).times(s.quantity).toFixed(2))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text fw={700}>{t('pos.counter.open')}</Text>
          <Text fw={700} data-testid="tab-open">
            {money(open)}
          </Text>
        </Group>
        {props.room ? (
          <Text size="sm" c="dimmed">
            {t('pos.counter.chargedToRoom')}
          </Text>
        ) : (
          <Group grow>
            <Button size="lg" disabled={new D(open).lte(0)} onClick={() => props.onPay('cash', open)}>
              {t('pos.counter.payCash')}
            </Button>
            <Button
              size="lg"
              variant="outline"
              disabled={new D(open).lte(0)}
              onClick={() => props.onPay('card', open)}
            >
              {t('pos.counter.payCard')}
            </Button>
          </Group>
        )}
        {/* Side by side where both labels fit the card, else one under the other. */}
        <SimpleGrid minColWidth="12rem" spacing="xs">
          <Button
            size="md"
            variant="default"
            disabled={waiting || tabId === undefined}
            onClick={() => print('receipt')}
          >
            {t('pos.counter.printReceipt')}
          </Button>
          <Button
            size="md"
            variant="default"
            disabled={waiting || tabId === undefined}
            onClick={() => print('a4')}
          >
            {t('pos.counter.printA4')}
          </Button>
        </SimpleGrid>
        <Button
          size="md"
          variant="subtle"
          disabled={waiting || (!props.room && !new D(open).isZero()) || !props.answer}
          onClick={props.onClose}
        >
          {t('pos.counter.close')}
        </Button>
      </Stack>
    </Card>
  );
}
