import type { TCustomer } from '@atoll/domain/customers';
import { Box, SimpleGrid, Text } from '@mantine/core';
import { IconAddressBook, IconHome, IconId, IconNotes, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { AgeCell, CustomerTypeBadge } from './CustomerTypeBadge.tsx';
import { formatDate } from './format.ts';

type TFact = [label: string, value: ReactNode];

/** Label/value pairs as a description list; empty values are left out. */
function Facts({ facts }: { facts: TFact[] }) {
  const { t } = useTranslation();
  const shown = facts.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('customers.view.empty')}
      </Text>
    );
  return (
    <Box component="dl" m={0}>
      {shown.map(([label, value]) => (
        <SimpleGrid key={label} cols={2} spacing="xs" mb={4}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </SimpleGrid>
      ))}
    </Box>
  );
}

/** The customer's data, read-only, in the sections of the edit form. */
export function CustomerDetails({ customer: c }: { customer: TCustomer }) {
  const { t, i18n } = useTranslation();
  const field = (path: string) => t(`resources.customers.fields.${path}`);
  const date = (d: string | null) => formatDate(d, i18n.language);
  const md = c.masterData;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <SectionCard title={t('customers.edit.masterData')} icon={IconUser}>
        <Facts
          facts={[
            [field('masterData.title'), md.title],
            [field('fullName'), c.fullName],
            [field('masterData.gender'), t(`customers.genders.${md.gender}`)],
            [field('masterData.birthday'), date(md.birthday)],
            [
              t('customers.list.age'),
              c.age === null ? null : <AgeCell key="age" age={c.age} isChild={c.isChild} />,
            ],
            [field('masterData.nationality'), md.nationality],
            [field('customerType'), <CustomerTypeBadge key="type" type={c.customerType} />],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('customers.edit.contact')} icon={IconAddressBook}>
        <Facts
          facts={[
            [field('contact.email'), c.contact.email],
            [field('contact.phone'), c.contact.phone],
            [field('contact.mobile'), c.contact.mobile],
            [field('language'), c.language ? t(`languages.${c.language}`) : null],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('customers.edit.address')} icon={IconHome}>
        <Facts
          facts={[
            [field('address.street'), c.address.street],
            [field('address.zip'), c.address.zip],
            [field('address.city'), c.address.city],
            [field('address.state'), c.address.state],
            [field('address.country'), c.address.country],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('customers.edit.passport')} icon={IconId}>
        <Facts
          facts={[
            [field('passport.number'), c.passport.number],
            [field('passport.nationality'), c.passport.nationality],
            [field('passport.issueDate'), date(c.passport.issueDate)],
            [field('passport.expiryDate'), date(c.passport.expiryDate)],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('customers.view.loyalty')} icon={IconNotes}>
        <Facts
          facts={[
            [field('stays'), String(c.stays)],
            [field('revenue'), c.revenue],
            [field('lastStay'), date(c.lastStay)],
            [field('isAssigned'), t(c.isAssigned ? 'customers.list.assigned' : 'customers.list.notAssigned')],
            [field('internalNote'), c.internalNote],
          ]}
        />
      </SectionCard>
    </SimpleGrid>
  );
}
