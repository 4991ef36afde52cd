import type { TCustomer } from '@atoll/domain/customers';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useCopyCustomer, useDeleteCustomer } from '../api.ts';
import { CustomerForm } from '../components/CustomerForm.tsx';
import { CustomerTypeBadge } from '../components/CustomerTypeBadge.tsx';
import { BackLink, LoadFailure } from '../components/PageParts.tsx';
import { useCustomerPage } from '../useCustomerPage.ts';

/** /customer/create and /customer/:id; a customer edits their own record without the office fields. */
export default function CustomerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const page = useCustomerPage('customerEdit');
  const copy = useCopyCustomer();
  const remove = useDeleteCustomer();
  const [confirming, setConfirming] = useState(false);
  const listPath = routePath('customers');
  const back = (location.state as { back?: string } | null)?.back ?? (page.can.list ? listPath : undefined);

  if (page.redirect) return <Navigate to={page.redirect} replace />;
  const backLink = back && <BackLink to={back} />;
  if (!page.isCreate && (page.id === null || page.customer.isError))
    return <LoadFailure back={backLink} error={page.customer.error} />;
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
      <div>
        <Title order={2}>{current ? current.fullName : t('customers.edit.createTitle')}</Title>
        {current && (
          <Group gap="xs" mt={4}>
            <CustomerTypeBadge type={current.customerType} />
            <Text size="sm" c="dimmed">
              {t('customers.edit.number', { id: current.id, version: current.version })}
            </Text>
          </Group>
        )}
      </div>
      {/* Left-aligned: the message bar's toasts appear top right and would cover these buttons. */}
      {current && (
        <Group gap="xs">
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
          {page.can.create && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              loading={copy.isPending}
              onClick={() => onCopy(current)}
            >
              {t('customers.edit.copy')}
            </Button>
          )}
          {page.can.delete && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('customers.edit.delete')}
            </Button>
          )}
        </Group>
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
          confirmLabel={t('customers.edit.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
