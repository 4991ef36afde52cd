import type { TBankEntry } from '@atoll/domain/banks';
import { hasScope } from '@atoll/domain/scopes';
import {
  Alert,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useSession } from '../../../app/session.ts';
import { type TEntriesFilter, useBankEntries, useBanks } from '../api.ts';
import { AssignModal } from '../components/AssignModal.tsx';
import { BankSelect } from '../components/BankSelect.tsx';
import { EntriesTable } from '../components/EntriesTable.tsx';
import { StatementImport } from '../components/StatementImport.tsx';

const PAGE_SIZE = 25;
const STATES = ['unassigned', 'assigned', 'all'] as const;

/** /bank/entry/list: a bank's entries with their suggestions, the CSV import, assigning and un-assigning. */
export default function BankEntriesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const banks = useBanks().data ?? [];
  const [params, setParams] = useSearchParams();
  const bankId = Number(params.get('bank')) || banks[0]?.id || null;
  const [status, setStatus] = useState<TEntriesFilter['status']>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<TBankEntry | null>(null);
  const filter: TEntriesFilter = {
    page,
    size: PAGE_SIZE,
    status,
    from: from || undefined,
    to: to || undefined,
    search: debounced || undefined,
  };
  const entries = useBankEntries(bankId, filter);

  // Another filter: back to the first page.
  const onFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const chooseBank = onFirstPage((id: number | null) => setParams(id ? { bank: String(id) } : {}));
  const pages = Math.max(1, Math.ceil((entries.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.bankEntries')}</Title>
        <Text c="dimmed" size="sm">
          {t('banks.entries.intro')}
        </Text>
      </div>
      <Group align="flex-end" wrap="wrap">
        <BankSelect value={bankId} onChange={chooseBank} />
        <SegmentedControl
          aria-label={t('banks.entries.status')}
          value={status}
          onChange={onFirstPage((v: string) => setStatus(v as TEntriesFilter['status']))}
          data={STATES.map((s) => ({ value: s, label: t(`banks.entries.states.${s}`) }))}
        />
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
          label={t('banks.entries.search')}
          value={search}
          onChange={(e) => onFirstPage(setSearch)(e.currentTarget.value)}
          w={220}
        />
      </Group>
      {bankId !== null && hasScope(scopes, ['bankentries.create']) && (
        <StatementImport bankId={bankId} canDelete={hasScope(scopes, ['bankentries.delete'])} />
      )}
      {bankId === null && <Alert color="yellow">{t('banks.entries.noBank')}</Alert>}
      {entries.isPending && bankId !== null && (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      )}
      {entries.isError && (
        <Alert color="red">
          {entries.error instanceof ApiError ? apiErrorText(entries.error) : t('datatable.error')}
        </Alert>
      )}
      {entries.data && entries.data.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('banks.entries.empty')}
        </Text>
      )}
      {entries.data && entries.data.data.length > 0 && (
        <>
          <EntriesTable
            entries={entries.data.data}
            canAssign={hasScope(scopes, ['bankentries.update'])}
            onAssign={setAssigning}
          />
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
      {assigning && <AssignModal entry={assigning} onClose={() => setAssigning(null)} />}
    </Stack>
  );
}
