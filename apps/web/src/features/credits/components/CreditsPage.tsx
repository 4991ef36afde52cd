import type { TCreditBalance } from '@atoll/domain/customer-data';
import { formatMoney } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Divider, Drawer, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useCurrencies } from '../../../components/useReferenceData.ts';
import { BALANCES_PATH, creditKeys, type TOwnerKind, useLedger } from '../api.ts';
import { AddEntryForm } from './AddEntryForm.tsx';
import { LedgerView } from './LedgerView.tsx';
import { OwnerPicker } from './OwnerPicker.tsx';

// The open ledger sits in the URL (`?ledger=12`, `?ledger=new`) beside the list state.
const LEDGER_PARAM = 'ledger';
const WRITE_SCOPE: Record<TOwnerKind, string> = { customer: 'customers.update', agency: 'agencies.update' };

/** /ccredits and /credits: balances per customer or agency and currency; a ledger opens in a drawer. */
export function CreditsPage({ kind }: { kind: TOwnerKind }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], [WRITE_SCOPE[kind]]);
  const currencies = useCurrencies();
  const [params, setParams] = useSearchParams();
  const open = params.get(LEDGER_PARAM);
  const ownerId = open && /^\d+$/.test(open) ? Number(open) : null;
  const owner = ownerId === null ? null : { kind, id: ownerId };
  const ledger = useLedger(owner);
  const title = t(kind === 'customer' ? 'routes.customerCredits' : 'routes.agencyCredits');

  const show = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(LEDGER_PARAM);
        else next.set(LEDGER_PARAM, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {t(`credits.${kind}.intro`)}
        </Text>
      </div>
      <DataTable<TCreditBalance>
        resource="credits"
        path={BALANCES_PATH[kind]}
        label={title}
        queryKey={creditKeys.list(kind)}
        defaultSort="name"
        minWidth={560}
        onRowClick={(row) => show(String(kind === 'customer' ? row.customerId : row.agencyId))}
        filters={[
          {
            key: 'currency',
            options: (currencies.data ?? []).map((c) => ({ value: c.code, label: c.code })),
          },
        ]}
        columns={[
          { key: 'name', header: t(`credits.${kind}.name`), sortable: true },
          { key: 'currency', sortable: true },
          {
            key: 'balance',
            sortable: true,
            render: (row) => formatMoney(row.balance, row.currency, lang),
          },
          { key: 'entries', sortable: true },
          { key: 'lastEntryAt', sortable: true, render: (row) => formatDateTime(row.lastEntryAt, lang) },
        ]}
        actions={
          canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => show('new')}>
              {t('credits.add.newEntry')}
            </Button>
          )
        }
      />
      <Drawer
        opened={open !== null}
        onClose={() => show(null)}
        position="right"
        size="lg"
        title={
          <Title order={2} size="h3">
            {ledger.data?.name ?? t('credits.add.newEntry')}
          </Title>
        }
      >
        {open === 'new' && canWrite && <OwnerPicker kind={kind} onPick={(id) => show(String(id))} />}
        {owner && (
          <Stack gap="lg">
            <LedgerView owner={owner} />
            {canWrite && ledger.isSuccess && (
              <>
                <Divider />
                <AddEntryForm owner={owner} currency={ledger.data.balances[0]?.currency ?? 'EUR'} />
              </>
            )}
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}
