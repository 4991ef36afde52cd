import type { TCustomer } from '@atoll/domain/customers';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import {
  BackLink,
  RecordActions,
  RecordFailure,
  RecordHeader,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useCopyCustomer, useDeleteCustomer } from '../api.ts';
import { CustomerForm } from '../components/CustomerForm.tsx';
import { CustomerTypeBadge } from '../components/CustomerTypeBadge.tsx';
import { useCustomerPage } from '../useCustomerPage.ts';

/** /customer/create and /customer/:id; a customer edits their own record without the office fields. */
export default function CustomerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useCustomerPage('customerEdit');
  const copy = useCopyCustomer();
  const remove = useDeleteCustomer();
  const [confirming, setConfirming] = useState(false);
  const listPath = routePath('customers');
  const back = useBackPath(page.can.list ? listPath : undefined);

  if (page.redirect) return <Navigate to={page.redirect} replace />;
  const backLink = back && <BackLink to={back} label={t('customers.edit.backToList')} />;
  if (!page.isCreate && (page.id === null || page.customer.isError))
    return <RecordFailure back={backLink} error={page.customer.error} readableTitle />;
  if (!page.isCreate && page.customer.isPending) return <PageLoader />;
  const current = page.isCreate ? undefined : page.customer.data;

  const onSaved = (saved: TCustomer) => {
    showSuccess(t(page.isCreate ? 'customers.edit.created' : 'customers.edit.saved'));
    if (page.isCreate)
      void navigate(routePath('customerEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onCopy = (source: TCustomer) =>
    copy.mutate(source.id, {
      onSuccess: (created) => {
        showSuccess(t('customers.edit.copied'));
        void navigate(routePath('customerEdit', { id: created.id }), { state: { back } });
      },
    });
  const onDelete = (target: TCustomer) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('customers.edit.deleted'));
        void navigate(back ?? listPath);
      },
      onError: () => setConfirming(false),
    });

  return (
    <Stack gap="md" maw={960}>
      {backLink}
      <RecordHeader title={current ? current.fullName : t('customers.edit.createTitle')}>
        {current && (
          <Group gap="xs" mt={4}>
            <CustomerTypeBadge type={current.customerType} />
            <Text size="sm" c="dimmed">
              {t('customers.edit.number', { id: current.id, version: current.version })}
            </Text>
          </Group>
        )}
      </RecordHeader>
      {current && (
        <RecordActions
          onCopy={page.can.create ? () => onCopy(current) : undefined}
          copying={copy.isPending}
          onDelete={page.can.delete ? () => setConfirming(true) : undefined}
        >
          <Button
            variant="default"
            size="xs"
            component={Link}
            to={routePath('customerView', { id: current.id })}
            state={{ back }}
            leftSection={<IconEye size={14} aria-hidden />}
          >
            {t('customers.edit.view')}
          </Button>
        </RecordActions>
      )}
      <CustomerForm
        key={current ? `${current.id}` : 'new'}
        {...(current ? { customer: current } : {})}
        isOffice={page.isOffice}
        onSaved={onSaved}
        extraActions={
          back && (
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
          )
        }
      />
      {current && (
        <ConfirmModal
          opened={confirming}
          title={t('customers.edit.deleteTitle')}
          text={t('customers.edit.deleteText', { name: current.fullName })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
