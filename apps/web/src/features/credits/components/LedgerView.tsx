import { formatMoney } from '@atoll/domain/money';
import { Alert, Badge, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { formatDateTime } from '../../../components/format.ts';
import { type TOwner, useLedger } from '../api.ts';

/** An owner's credit: the balance per currency and every entry with the balance after it. */
export function LedgerView({ owner }: { owner: TOwner }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const ledger = useLedger(owner);
  if (ledger.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('datatable.loading')} />
      </Center>
    );
  if (ledger.isError)
    return (
      <Alert color="yellow">
        {ledger.error instanceof ApiError && ledger.error.status !== 404
          ? apiErrorText(ledger.error)
          : t('common.notFoundText')}
      </Alert>
    );
  const { balances, entries } = ledger.data;
  const money = (amount: string, currency: string) => formatMoney(amount, currency, lang);

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label={t('credits.ledger.balances')} role="list">
        {balances.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('credits.ledger.empty')}
          </Text>
        )}
        {balances.map((b) => (
          <Badge key={b.currency} size="lg" variant="light" role="listitem" tt="none">
            {t('credits.ledger.balance', { amount: money(b.balance, b.currency) })}
          </Badge>
        ))}
      </Group>
      {entries.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('credits.ledger.entries')}
          </Title>
          <Table.ScrollContainer minWidth={460}>
            <Table striped verticalSpacing="xs" aria-label={t('credits.ledger.entries')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credits.ledger.date')}</Table.Th>
                  <Table.Th>{t('credits.ledger.note')}</Table.Th>
                  <Table.Th ta="right">{t('credits.ledger.amount')}</Table.Th>
                  <Table.Th ta="right">{t('credits.ledger.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt, lang)}</Table.Td>
                    <Table.Td>
                      {e.note}
                      {e.bookingId !== null && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {t('credits.ledger.booking', { id: e.bookingId })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td
                      ta="right"
                      c={e.amount.startsWith('-') ? 'red.8' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {money(e.amount, e.currency)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(e.balance, e.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
