import { GENDERS, type TCustomer } from '@atoll/domain/customers';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { customerKeys } from '../api.ts';
import { AgeCell, CustomerTypeBadge, customerTypeOptions } from '../components/CustomerTypeBadge.tsx';

/** /customer/list: every customer with search, sort, filters, paging and CSV. */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];

  const columns: TColumn<TCustomer>[] = [
    { key: 'fullName', sortable: true },
    { key: 'customerType', sortable: true, render: (c) => <CustomerTypeBadge type={c.customerType} /> },
    // Age sorts by birthday: ascending puts the oldest first.
    {
      key: 'birthday',
      header: t('customers.list.age'),
      sortable: true,
      render: (c) => <AgeCell age={c.age} isChild={c.isChild} />,
    },
    { key: 'nationality', sortable: true, render: (c) => c.masterData.nationality ?? '' },
    { key: 'email', sortable: true, render: (c) => c.contact.email ?? '' },
    {
      key: 'country',
      header: t('customers.list.place'),
      sortable: true,
      render: (c) => [c.address.city, c.address.country].filter(Boolean).join(', '),
    },
    {
      key: 'isAssigned',
      sortable: true,
      render: (c) =>
        c.isAssigned ? (
          <Badge color="blue" variant="light" radius="sm">
            {t('customers.list.assigned')}
          </Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('common.no')}
          </Text>
        ),
    },
  ];
  const filters: TListFilter[] = [
    { key: 'customerType', options: customerTypeOptions(t) },
    { key: 'gender', options: GENDERS.map((g) => ({ value: g, label: t(`customers.genders.${g}`) })) },
    {
      key: 'isAssigned',
      options: [
        { value: 'yes', label: t('customers.list.assigned') },
        { value: 'no', label: t('customers.list.notAssigned') },
      ],
      toFilter: (value) => ({ isAssigned: value === 'yes' }),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('customers.list.title')}</Title>
      <DataTable<TCustomer>
        resource="customers"
        label={t('customers.list.title')}
        queryKey={customerKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="fullName"
        rowLink={(c) => routePath('customerView', { id: c.id })}
        actions={
          hasScope(scopes, ['customers.create']) && (
            <Button
              component={Link}
              to={routePath('customerCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('customers.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
