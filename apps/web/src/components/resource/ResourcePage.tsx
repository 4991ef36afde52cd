import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Center, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { apiErrorText } from '../../app/api-error-text.ts';
import { useSession } from '../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../DataTable.tsx';
import { DRAWER_TITLE_STYLES, useOpenRecord } from '../useOpenRecord.ts';
import { resourceKeys, type TResourceRow, useResourceItem } from './api.ts';
import type { TResourceField } from './fields.tsx';
import { ResourceForm } from './ResourceForm.tsx';

export type { TFieldProps, TResourceField } from './fields.tsx';

type TProps<Row extends TResourceRow> = {
  /** API base under /api (`destination` → /api/destination) and translation namespace `resources.<resource>`. */
  resource: string;
  title: string;
  /** A line under the title saying what the list is for. */
  intro?: ReactNode;
  columns: TColumn<Row>[];
  filters?: TListFilter[];
  fields: TResourceField[];
  /** Scopes (any of) for each action; the server checks them again. */
  scopes: { create: string[]; update: string[]; delete: string[] };
  /** Drawer title and delete question; default `row.name`. */
  nameOf?: (row: Row) => string;
  uniqueField?: string;
  defaultSort?: string;
  /** Shown under the form of a stored record (a rule's test mail). */
  extra?: (row: Row) => ReactNode;
  /** A new key gives a fresh form of the stored record: what `extra` changes (a referral's reward); default the id. */
  formKey?: (row: Row) => string;
};

/**
 * The screen of a simple generic resource (spec platform §7): the list with search, sort, filters, paging
 * and CSV, and a drawer to create, edit, copy or delete one record. Screens with more than a form's worth
 * of fields get their own pages (see features/customers).
 */
export function ResourcePage<Row extends TResourceRow>(props: TProps<Row>) {
  const { resource, scopes } = props;
  const { t } = useTranslation();
  const { user } = useSession();
  const { open, openId, isNew, showNew, showId, close } = useOpenRecord();
  const path = `/${resource}`;
  const item = useResourceItem<Row>(resource, path, openId);
  const nameOf = props.nameOf ?? ((row: Row) => String(row.name ?? `#${row.id}`));
  const mine = user?.scopes ?? [];
  const can = {
    create: hasScope(mine, scopes.create),
    update: hasScope(mine, scopes.update),
    delete: hasScope(mine, scopes.delete),
  };

  const form = (row?: Row) => (
    <ResourceForm<Row>
      key={row ? (props.formKey?.(row) ?? row.id) : 'new'}
      resource={resource}
      path={path}
      fields={props.fields}
      {...(row ? { row } : {})}
      nameOf={nameOf}
      can={can}
      {...(props.uniqueField ? { uniqueField: props.uniqueField } : {})}
      onOpen={showId}
      onClose={close}
    />
  );

  const body = () => {
    if (isNew) return can.create ? form() : null;
    if (openId === null) return null;
    if (item.isPending)
      return (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      );
    if (item.isError)
      return (
        <Alert color={item.error instanceof ApiError && item.error.status === 404 ? 'yellow' : 'red'}>
          {item.error instanceof ApiError && item.error.status === 404
            ? t('common.notFoundText')
            : item.error instanceof ApiError
              ? apiErrorText(item.error)
              : t('datatable.error')}
        </Alert>
      );
    return (
      <>
        {form(item.data)}
        {props.extra?.(item.data)}
      </>
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{props.title}</Title>
        {props.intro && (
          <Text c="dimmed" size="sm">
            {props.intro}
          </Text>
        )}
      </div>
      <DataTable<Row>
        resource={resource}
        label={props.title}
        queryKey={resourceKeys(resource).list}
        columns={props.columns}
        {...(props.filters ? { filters: props.filters } : {})}
        {...(props.defaultSort ? { defaultSort: props.defaultSort } : {})}
        onRowClick={(row) => showId(row.id)}
        minWidth={560}
        actions={
          can.create && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={showNew}>
              {t('common.new')}
            </Button>
          )
        }
      />
      <Drawer
        opened={open !== null}
        onClose={close}
        position="right"
        size="lg"
        title={isNew ? `${props.title}: ${t('common.new')}` : item.data ? nameOf(item.data) : props.title}
        styles={DRAWER_TITLE_STYLES}
      >
        {body()}
      </Drawer>
    </Stack>
  );
}
