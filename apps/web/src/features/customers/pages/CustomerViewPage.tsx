import { LANGUAGES } from '@atoll/domain/constants';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPencil, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { BackLink, RecordFailure, RecordHeader, useBackPath } from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { CustomerDataSection, type TCustomerDataForm } from '../components/CustomerDataSection.tsx';
import { CustomerDetails } from '../components/CustomerDetails.tsx';
import { HistoryCard, MetaCard, ReferencesCard } from '../components/CustomerExtras.tsx';
import { printCustomer } from '../printCustomer.ts';
import { useCustomerPage } from '../useCustomerPage.ts';

/** /customer/view/:id: the customer read-only, with references, meta, history and the printed sheet. */
export default function CustomerViewPage() {
  const { t } = useTranslation();
  const page = useCustomerPage('customerView');
  const back = useBackPath(page.can.list ? routePath('customers') : undefined);

  if (page.redirect) return <Navigate to={page.redirect} replace />;
  const backLink = back && <BackLink to={back} label={t('customers.edit.backToList')} />;
  if (page.id === null || page.customer.isError)
    return <RecordFailure back={backLink} error={page.customer.error} readableTitle />;
  if (page.customer.isPending) return <PageLoader />;
  const c = page.customer.data;

  return (
    <Stack gap="md" maw={1200}>
      {backLink}
      <RecordHeader title={c.fullName}>
        <Text size="sm" c="dimmed">
          {t('customers.edit.number', { id: c.id, version: c.version })}
        </Text>
      </RecordHeader>
      <Group gap="xs">
        {page.can.edit && (
          <Button
            size="xs"
            component={Link}
            to={routePath('customerEdit', { id: c.id })}
            state={{ back }}
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {t('customers.view.edit')}
          </Button>
        )}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPrinter size={14} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              {t('customers.view.print')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {LANGUAGES.map((lang) => (
              <Menu.Item key={lang} onClick={() => void printCustomer(c.id, 'sheet', lang)}>
                {t('customers.view.printIn', { language: t(`languages.${lang}`) })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <CustomerDetails customer={c} />
      {/* The data groups are the office's to read; shown read-only here. */}
      {page.isOffice && (
        <CustomerDataSection value={c.data as TCustomerDataForm} onChange={() => {}} disabled />
      )}
      <ReferencesCard customerId={c.id} />
      <MetaCard customerId={c.id} />
      <HistoryCard key={c.version} customerId={c.id} version={c.version} />
    </Stack>
  );
}
