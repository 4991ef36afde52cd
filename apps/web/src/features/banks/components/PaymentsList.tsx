import { formatMoney } from '@atoll/domain/money';
import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { formatDay } from '../../../components/format.ts';
import { usePayments } from '../api.ts';

const PAGE_SIZE = 25;

/** The manual (no bank entry) or temporary (expected) payments, newest first. */
export function PaymentsList({ kind }: { kind: 'manual' | 'temporary' }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = usePayments(kind, {
    page,
    size: PAGE_SIZE,
    from: from || undefined,
    to: to || undefined,
    search: debounced || undefined,
  });
  const onFirstPage = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const title = t(kind === 'manual' ? 'routes.manualPayments' : 'routes.temporaryPayments');

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {t(`banks.payments.${kind}Intro`)}
        </Text>
      </div>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('banks.entries.from')}
          value={from}
          onChange={(e) => onFirstPage(setFrom)(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('banks.entries.to')}
          value={to}
          onChange={(e) => onFirstPage(setTo)(e.currentTarget.value)}
        />
        <TextInput
          label={t('banks.payments.search')}
          value={search}
          onChange={(e) => onFirstPage(setSearch)(e.currentTarget.value)}
        />
      </Group>
      {list.isPending && (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      )}
      {list.isError && (
        <Alert color="red">
          {list.error instanceof ApiError ? apiErrorText(list.error) : t('datatable.error')}
        </Alert>
      )}
      {list.data && list.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('banks.payments.empty')}
        </Text>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('banks.payments.date')}</Table.Th>
                <Table.Th>{t('banks.payments.booking')}</Table.Th>
                <Table.Th>{t('banks.payments.customer')}</Table.Th>
                <Table.Th>{t('banks.payments.method')}</Table.Th>
                <Table.Th>{t('banks.payments.reference')}</Table.Th>
                <Table.Th ta="right">{t('banks.payments.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDay(p.date, lang)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/booking/${p.bookingId}`}>
                      {p.number ?? `#${p.bookingId}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.customerName}</Table.Td>
                  <Table.Td>{t(`banks.payments.methods.${p.method}`)}</Table.Td>
                  <Table.Td>{p.reference}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amount, p.currency, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
