import { INVOICE_KINDS, type TInvoiceKind } from '@atoll/domain/documents';
import { formatMoney } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { Anchor, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { NO_WRAP } from '../../../components/DataTable.tsx';
import { formatDay } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { langOf } from '../../../components/pricing/format.ts';
import { useXeroInvoices } from '../../plugins/xeroInvoices.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useInvoices } from '../api.ts';
import { InvoiceKindBadges, InvoiceRowActions } from '../components/InvoiceParts.tsx';

const SIZE = 25;
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear + 1 - i));

/** /finance/invoices [bookings.read]: issued invoices, newest first; open the PDF, issue a cancellation invoice. */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], ['bookings.update']);
  const [page, setPage] = useState(1);
  const [year, setYear] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = {
    page,
    size: SIZE,
    ...(year ? { year: Number(year) } : {}),
    ...(kind ? { kind: kind as TInvoiceKind } : {}),
    ...(debounced.trim() ? { search: debounced.trim() } : {}),
  };
  const list = useInvoices(query);
  /** The DATEV export covers one year: the one filtered by, else this one. */
  const datevYear = year ?? String(thisYear);
  const rows = list.data?.data ?? [];
  const xero = useXeroInvoices(
    rows.map((r) => r.id),
    true,
  );
  const total = list.data?.total ?? 0;
  const money = (value: string, currency: string) => formatMoney(value, currency, lang);
  const filter = (set: (v: string | null) => void) => (value: string | null) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack>
      <PageHeader title={t('routes.invoices')} intro={t('documents.invoices.intro')} />
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('documents.invoices.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('documents.invoices.year')}
          data={YEARS}
          value={year}
          onChange={filter(setYear)}
          clearable
        />
        <Select
          label={t('documents.invoices.kind')}
          data={INVOICE_KINDS.map((k) => ({ value: k, label: t(`documents.invoiceKinds.${k}`) }))}
          value={kind}
          onChange={filter(setKind)}
          clearable
        />
        <Button
          variant="default"
          onClick={() =>
            openPdf(
              '/api/invoices/datev',
              { from: `${datevYear}-01-01`, to: `${datevYear}-12-31` },
              `EXTF_Buchungsstapel_${datevYear}.csv`,
            )
          }
        >
          {t('documents.invoices.datev', { year: datevYear })}
        </Button>
      </Group>
      {rows.length === 0 && !list.isPending ? (
        <Text c="dimmed">{t('documents.invoices.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover aria-label={t('routes.invoices')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.invoices.number')}</Table.Th>
                <Table.Th>{t('documents.invoices.kind')}</Table.Th>
                <Table.Th>{t('documents.invoices.date')}</Table.Th>
                <Table.Th>{t('documents.invoices.booking')}</Table.Th>
                <Table.Th>{t('documents.invoices.recipient')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.net')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.tax')}</Table.Th>
                <Table.Th ta="right">{t('documents.invoices.gross')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td style={NO_WRAP}>{invoice.number}</Table.Td>
                  <Table.Td>
                    <InvoiceKindBadges invoice={invoice} />
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{formatDay(invoice.date, lang)}</Table.Td>
                  <Table.Td style={NO_WRAP}>
                    <Anchor component={Link} to={`/booking/${invoice.bookingId}`}>
                      {invoice.bookingNo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{invoice.recipient.name ?? ''}</Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {money(invoice.net, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {money(invoice.tax, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {money(invoice.gross, invoice.currency)}
                  </Table.Td>
                  <Table.Td>
                    <InvoiceRowActions invoice={invoice} canWrite={canWrite} xero={xero}>
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() =>
                          openPdf(`/api/invoices/${invoice.id}/pdf`, {}, `${invoice.number}.pdf`)
                        }
                      >
                        {t('documents.invoices.pdf')}
                      </Button>
                    </InvoiceRowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > SIZE && (
        <Pagination
          total={Math.ceil(total / SIZE)}
          value={page}
          onChange={setPage}
          aria-label={t('routes.invoices')}
        />
      )}
    </Stack>
  );
}
