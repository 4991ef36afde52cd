import { Code, Select, Stack, Table, Text } from '@mantine/core';
import { IconDatabase, IconHistory, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useCustomerDiff, useCustomerMeta, useCustomerReferences } from '../api.ts';

/** Text as it is; numbers, flags and objects as JSON; no value as a dash. */
const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** A small table; the columns from `codeFrom` on hold values and are set as code. */
function Rows({
  head,
  rows,
  empty,
  codeFrom,
}: {
  head: string[];
  rows: string[][];
  empty: string;
  codeFrom: number;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.join('\u0000')}>
              {row.map((cell, i) => (
                <Table.Td key={head[i]} style={{ overflowWrap: 'anywhere' }}>
                  {i >= codeFrom ? <Code>{cell}</Code> : cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The customer's identities in connected systems. */
export function ReferencesCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const refs = useCustomerReferences(customerId);
  return (
    <SectionCard title={t('customers.view.references')} icon={IconLink}>
      <Rows
        head={[t('customers.view.system'), t('customers.view.external'), t('customers.view.data')]}
        rows={(refs.data ?? []).map((r) => [r.system, r.external, shown(r.data)])}
        empty={t(refs.isPending ? 'app.loading' : 'customers.view.noReferences')}
        codeFrom={2}
      />
    </SectionCard>
  );
}

/** Free key/value data of the customer. */
export function MetaCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const meta = useCustomerMeta(customerId);
  return (
    <SectionCard title={t('customers.view.meta')} icon={IconDatabase}>
      <Rows
        head={[t('customers.view.key'), t('customers.view.value')]}
        rows={(meta.data ?? []).map((m) => [m.key, shown(m.value)])}
        empty={t(meta.isPending ? 'app.loading' : 'customers.view.noMeta')}
        codeFrom={1}
      />
    </SectionCard>
  );
}

/** What changed since an earlier version, field by field. */
export function HistoryCard({ customerId, version }: { customerId: number; version: number }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState<number | null>(version > 1 ? version - 1 : null);
  const diff = useCustomerDiff(customerId, from, version);
  const fieldName = (path: string) => {
    const key = `resources.customers.fields.${path}`;
    return i18n.exists(key) ? t(key) : path;
  };
  const versions = Array.from({ length: version - 1 }, (_, i) => String(version - 1 - i));
  return (
    <SectionCard title={t('customers.view.history')} icon={IconHistory}>
      {version === 1 ? (
        <Text size="sm" c="dimmed">
          {t('customers.view.noHistory')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('customers.view.since')}
            data={versions.map((v) => ({ value: v, label: t('customers.view.version', { version: v }) }))}
            value={from === null ? null : String(from)}
            onChange={(v) => setFrom(v ? Number(v) : null)}
            allowDeselect={false}
            maw={260}
          />
          <Rows
            head={[t('customers.view.field'), t('customers.view.before'), t('customers.view.after')]}
            rows={(diff.data?.changes ?? []).map((c) => [fieldName(c.path), shown(c.from), shown(c.to)])}
            empty={t(diff.isPending ? 'app.loading' : 'customers.view.noChanges')}
            codeFrom={1}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
