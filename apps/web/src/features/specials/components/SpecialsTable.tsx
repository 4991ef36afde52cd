import { PRICE_STATUSES, SPECIAL_TYPES, type TSpecial } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { specialKeys, useCopySpecial, useDeleteSpecial, useSpecialsGroups } from '../api.ts';
import { discountLabel, windowLabel } from './format.ts';
import { SpecialStatusBadge } from './SpecialStatusBadge.tsx';

/** The specials with status, type and group filters; a row opens the special, copy and delete beside it. */
export function SpecialsTable() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const can = {
    create: hasScope(scopes, ['price.create']),
    update: hasScope(scopes, ['price.update']),
    delete: hasScope(scopes, ['price.delete']),
  };
  const groups = useSpecialsGroups();
  const copy = useCopySpecial();
  const remove = useDeleteSpecial();
  const [deleting, setDeleting] = useState<TSpecial | null>(null);
  const label = (field: string) => t(`specials.fields.${field}`);

  const onCopy = (row: TSpecial) =>
    copy.mutate(row.id, {
      onSuccess: (created) => showSuccess(t('specials.list.copied', { name: created.name })),
    });
  const onDelete = (row: TSpecial) =>
    remove.mutate(row.id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess(t('common.deleted'));
      },
      onError: (error) => {
        setDeleting(null);
        showError(error instanceof ApiError ? apiErrorText(error) : String(error));
      },
    });

  const columns: TColumn<TSpecial>[] = [
    { key: 'name', header: label('name'), sortable: true, wrap: true },
    {
      key: 'discount',
      header: label('kindValue'),
      sortable: true,
      render: (row) => discountLabel(row, t, lang),
    },
    {
      key: 'target',
      header: label('target'),
      sortable: true,
      render: (row) =>
        row.type === 'AgencyCommission' ? t('common.none') : t(`specials.targets.${row.target}`),
    },
    {
      key: 'scopeUnit',
      header: label('scopeUnit'),
      sortable: true,
      render: (row) => t(`specials.scopeUnits.${row.scopeUnit}`),
    },
    {
      key: 'status',
      header: label('status'),
      sortable: true,
      render: (row) => <SpecialStatusBadge status={row.status} />,
    },
    {
      key: 'dateFrom',
      header: label('bookingWindow'),
      sortable: true,
      wrap: true,
      render: (row) => windowLabel(row.dateFrom, row.dateTo, t, lang),
    },
    {
      key: 'autoAdd',
      header: label('autoAdd'),
      sortable: true,
      render: (row) => <Text size="sm">{t(row.autoAdd ? 'common.yes' : 'common.no')}</Text>,
    },
    {
      key: 'actions',
      header: t('specials.list.actions'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          {can.create && (
            <ActionIcon
              variant="subtle"
              onClick={() => onCopy(row)}
              aria-label={t('specials.list.copy', { name: row.name })}
              loading={copy.isPending && copy.variables === row.id}
            >
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          )}
          {can.delete && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setDeleting(row)}
              aria-label={t('specials.list.delete', { name: row.name })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ),
    },
  ];
  const filters: TListFilter[] = [
    {
      key: 'status',
      label: label('status'),
      options: PRICE_STATUSES.map((s) => ({ value: s, label: t(`specials.statuses.${s}`) })),
    },
    {
      key: 'type',
      label: label('type'),
      options: SPECIAL_TYPES.map((s) => ({ value: s, label: t(`specials.types.${s}`) })),
    },
    {
      key: 'groupId',
      label: label('group'),
      options: (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      toFilter: (value) => ({ groupId: Number(value) }),
    },
  ];

  return (
    <>
      <DataTable<TSpecial>
        resource="specials"
        label={t('specials.list.title')}
        queryKey={specialKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="name"
        rowLink={(row) => routePath('specialEdit', { id: row.id })}
        actions={
          can.create && (
            <Button
              component={Link}
              to={routePath('specialCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('specials.list.create')}
            </Button>
          )
        }
      />
      <DeleteModal
        opened={deleting !== null}
        name={deleting?.name ?? ''}
        busy={remove.isPending}
        onConfirm={() => deleting && onDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
