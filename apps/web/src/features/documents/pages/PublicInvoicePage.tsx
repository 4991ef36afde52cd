import { formatMoney } from '@atoll/domain/money';
import type { TCheckoutAnswer } from '@atoll/domain/payments/api';
import {
  Alert,
  Button,
  Container,
  DataList,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { apiUrl } from '../../../app/api.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useCheckout } from '../../payments/api.ts';
import { usePublicInvoice } from '../api.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * /invoice/:id and /club/invoice/:id (public): an issued invoice by its unguessable token, without login;
 * its PDF, and "Pay now" through the payments module's checkout with the guest token the answer carries.
 */
export default function PublicInvoicePage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const token = useParams().id ?? '';
  const [search] = useSearchParams();
  const query = usePublicInvoice(token);
  const checkout = useCheckout();
  const [chosen, setChosen] = useState<string | null>(search.get('provider'));
  const [transfer, setTransfer] = useState<TCheckoutAnswer | null>(null);

  if (query.isPending)
    return (
      <Container size="sm" py="xl">
        <Loader />
      </Container>
    );
  if (query.error || !query.data)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('documents.public.notFoundTitle')}>
          {t('documents.public.notFound')}
        </Alert>
      </Container>
    );
  const invoice = query.data;
  const money = (value: string) => formatMoney(value, invoice.currency, lang);
  const providers = invoice.providers;
  const provider = providers.find((p) => String(p.id) === chosen) ?? providers[0];
  const pay = () => {
    if (!provider || invoice.bookingId === null) return;
    checkout.mutate(
      { bookingId: invoice.bookingId, providerId: provider.id, token: provider.token, language: lang },
      {
        onSuccess: (answer) => {
          if (answer.url) window.location.assign(answer.url);
          else setTransfer(answer);
        },
      },
    );
  };
  const title = t(`documents.invoiceKinds.${invoice.kind}`);

  return (
    <Container size="md" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text c="dimmed" size="sm">
                {invoice.company}
              </Text>
              <Title order={1} size="h2">
                {title} {invoice.number}
              </Title>
            </div>
            <Button
              component="a"
              variant="default"
              href={apiUrl(`/api/invoices/public/${token}/pdf`)}
              target="_blank"
            >
              {t('documents.public.pdf')}
            </Button>
          </Group>
          <DataList labelWidth={180} aria-label={title}>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.invoices.date')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDay(invoice.date, lang)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.invoices.recipient')}</DataList.ItemLabel>
              <DataList.ItemValue>{invoice.recipient}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.invoices.booking')}</DataList.ItemLabel>
              <DataList.ItemValue>{invoice.bookingNo}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.public.servicePeriod')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatDay(invoice.servicePeriod.from, lang)} – {formatDay(invoice.servicePeriod.to, lang)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <Table aria-label={t('documents.public.lines')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.public.text')}</Table.Th>
                <Table.Th ta="right">{t('documents.public.qty')}</Table.Th>
                <Table.Th ta="right">{t('documents.public.taxRate')}</Table.Th>
                <Table.Th ta="right">{t('documents.public.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: frozen lines have no id
                <Table.Tr key={i}>
                  <Table.Td>{line.text}</Table.Td>
                  <Table.Td ta="right">{line.amount}</Table.Td>
                  <Table.Td ta="right">{line.taxRate} %</Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {money(line.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Table aria-label={t('documents.public.taxBreakdown')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.public.taxRate')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.net')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.tax')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.gross')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.taxBreakdown.map((row) => (
                <Table.Tr key={row.rate}>
                  <Table.Td>{row.rate} %</Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {money(row.net)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {money(row.tax)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {money(row.gross)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <DataList labelWidth={180} withDivider aria-label={t('documents.public.totals')}>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.invoices.gross')}</DataList.ItemLabel>
              <DataList.ItemValue style={{ ...NUMERIC, fontWeight: 700 }}>
                {money(invoice.gross)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.public.paid')}</DataList.ItemLabel>
              <DataList.ItemValue style={NUMERIC}>{money(invoice.paid)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('documents.public.open')}</DataList.ItemLabel>
              <DataList.ItemValue style={{ ...NUMERIC, fontWeight: 700 }} data-testid="invoice-open">
                {money(invoice.open)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {invoice.payable && providers.length > 0 && (
            <Group align="flex-end">
              {providers.length > 1 && (
                <Select
                  label={t('documents.public.provider')}
                  data={providers.map((p) => ({ value: String(p.id), label: p.name }))}
                  value={provider ? String(provider.id) : null}
                  onChange={setChosen}
                  allowDeselect={false}
                />
              )}
              <Button size="md" onClick={pay} loading={checkout.isPending}>
                {t('documents.public.payNow')}
              </Button>
            </Group>
          )}
          {invoice.payable && providers.length === 0 && (
            <Text size="sm">{t('documents.public.payByTransfer')}</Text>
          )}
          {!invoice.payable && invoice.kind !== 'cancellation' && (
            <Text size="sm" c="dimmed">
              {t('documents.public.nothingOpen')}
            </Text>
          )}
          {transfer?.instructions && (
            <Alert title={t('documents.public.transferTitle')}>
              <Stack gap={2}>
                <Text size="sm">
                  {t('documents.public.transferAmount', {
                    amount: formatMoney(transfer.amount, transfer.currency, lang),
                  })}
                </Text>
                {transfer.instructions.accountHolder && (
                  <Text size="sm">{transfer.instructions.accountHolder}</Text>
                )}
                <Text size="sm">IBAN {transfer.instructions.iban}</Text>
                {transfer.instructions.bic && <Text size="sm">BIC {transfer.instructions.bic}</Text>}
                <Text size="sm">
                  {t('documents.public.reference', { reference: transfer.instructions.reference })}
                </Text>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
