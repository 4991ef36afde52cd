import type { TPrice } from '@atoll/domain/pricing/entities';
import { PRICE_STATUSES } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useCopiedRecord } from '../../../components/useCopiedRecord.ts';
import { priceKeys, type TOption, useAssetOptions, useCopyPrice, useDeletePrice } from '../api.ts';
import { PriceStatusBadge } from '../components/PriceStatusBadge.tsx';

const nameIn = (options: TOption[], id: number | null) =>
  options.find((o) => o.value === String(id))?.label ?? (id ? `#${id}` : '');

/** /price: the seasons of every resort and vessel the user sees; copy and delete per row. */
export default function PriceListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const scopes = user?.scopes ?? [];
  const { resorts, vessels } = useAssetOptions();
  const copy = useCopyPrice();
  const remove = useDeletePrice();
  const [deleting, setDeleting] = useState<TPrice | null>(null);
  const can = { create: hasScope(scopes, ['price.create']), delete: hasScope(scopes, ['price.delete']) };
  const label = (field: string) => t(`resources.price.fields.${field}`);

  const onCopied = useCopiedRecord('priceEdit');
  const onCopy = (row: TPrice) => copy.mutate(row.id, { onSuccess: onCopied });
  const onDelete = (row: TPrice) =>
    remove.mutate(row.id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess(t('common.deleted'));
      },
      onError: (error) => {
        setDeleting(null);
        showError(
          error instanceof ApiError && error.code === 'IN_USE'
            ? t('prices.edit.inUse')
            : apiErrorText(error as ApiError),
        );
      },
    });

  const actions = (row: TPrice) => (
    <Group gap={4} wrap="nowrap">
      {can.create && (
        <ActionIcon
          variant="subtle"
          aria-label={t('prices.list.copy', { name: row.name })}
          loading={copy.isPending && copy.variables === row.id}
          onClick={() => onCopy(row)}
        >
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      )}
      {can.delete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('prices.list.delete', { name: row.name })}
          onClick={() => setDeleting(row)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );

  const columns: TColumn<TPrice>[] = [
    { key: 'name', sortable: true },
    {
      key: 'asset',
      render: (row) => (row.resortId ? nameIn(resorts, row.resortId) : nameIn(vessels, row.vesselId)),
    },
    {
      key: 'validFrom',
      header: label('valid'),
      sortable: true,
      render: (row) => `${row.validFrom} – ${row.validTo}`,
    },
    { key: 'status', sortable: true, render: (row) => <PriceStatusBadge status={row.status} /> },
    {
      key: 'calculationType',
      sortable: true,
      render: (row) => t(`prices.calculationTypes.${row.calculationType}`),
    },
    { key: 'currencies', render: (row) => row.currencies.join(', ') },
    ...(can.create || can.delete
      ? [{ key: 'actions', header: t('prices.list.actions'), render: actions }]
      : []),
  ];
  const filters: TListFilter[] = [
    {
      key: 'asset',
      options: [
        ...resorts.map((o) => ({ value: `resort:${o.value}`, label: o.label })),
        ...vessels.map((o) => ({ value: `vessel:${o.value}`, label: o.label })),
      ],
      toFilter: (value) => {
        const [kind, id] = value.split(':');
        return { [kind === 'vessel' ? 'vesselId' : 'resortId']: Number(id) };
      },
    },
    {
      key: 'status',
      options: PRICE_STATUSES.map((s) => ({ value: s, label: t(`prices.status.${s}`) })),
    },
  ];
  const asset = params.get('asset');

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.prices')}</Title>
        <Text c="dimmed" size="sm">
          {t('prices.list.intro')}
        </Text>
      </div>
      <DataTable<TPrice>
        resource="price"
        label={t('routes.prices')}
        queryKey={priceKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="validFrom"
        rowLink={(row) => routePath('priceEdit', { id: row.id })}
        actions={
          can.create && (
            <Button
              component={Link}
              to={`${routePath('priceCreate')}${asset ? `?asset=${asset}` : ''}`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('prices.list.create')}
            </Button>
          )
        }
      />
      {deleting && (
        <DeleteModal
          opened
          name={deleting.name}
          busy={remove.isPending}
          onConfirm={() => onDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
