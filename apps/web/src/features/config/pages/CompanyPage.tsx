import { Alert, Grid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSettingsGroup } from '../api.ts';
import { CompanyForm } from '../components/CompanyForm.tsx';
import { LogoCard } from '../components/LogoCard.tsx';

/** /config/company: the operator's company data and logo. */
export default function CompanyPage() {
  const { t } = useTranslation();
  const company = useSettingsGroup('company');
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('routes.configCompany')} intro={t('config.company.intro')} />
      {company.isPending && <Skeleton h={480} radius="md" />}
      {company.isError && (
        <Alert color="red">
          {company.error instanceof ApiError ? apiErrorText(company.error) : t('datatable.error')}
        </Alert>
      )}
      {company.data && (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CompanyForm values={company.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <LogoCard logo={company.data.logo} company={company.data.name} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
