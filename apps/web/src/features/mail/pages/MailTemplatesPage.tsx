import type { TMailTemplate } from '@atoll/domain/mail';
import { MAIL_TEMPLATE_STATES } from '@atoll/domain/mail';
import { Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { routePath } from '../../../components/routePath.ts';
import { mailKeys } from '../api.ts';

/** /config/mailtemplates: the texts of the booking mails, per state or event and language. */
export default function MailTemplatesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.mailTemplates')} intro={t('mail.templates.intro')} />
      <DataTable<TMailTemplate>
        resource="mailtemplate"
        path="/mail/template"
        label={t('routes.mailTemplates')}
        queryKey={mailKeys.templates.list}
        defaultSort="name"
        minWidth={600}
        rowLink={(row) => routePath('mailTemplateEdit', { id: row.id })}
        filters={[
          {
            key: 'state',
            options: MAIL_TEMPLATE_STATES.map((s) => ({ value: s, label: t(`mail.states.${s}`) })),
          },
          { key: 'language', options: ['de', 'en'].map((l) => ({ value: l, label: t(`languages.${l}`) })) },
        ]}
        actions={
          <Button
            component={Link}
            to={routePath('mailTemplateEdit', { id: 'new' })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('common.new')}
          </Button>
        }
        columns={[
          { key: 'name', sortable: true },
          { key: 'state', sortable: true, render: (row) => t(`mail.states.${row.state}`) },
          { key: 'language', sortable: true, render: (row) => row.language.toUpperCase() },
          { key: 'subject', sortable: true, wrap: true },
          {
            key: 'isActive',
            sortable: true,
            render: (row) =>
              row.isActive ? null : (
                <Badge size="sm" variant="light" color="gray">
                  {t('mail.templates.inactive')}
                </Badge>
              ),
          },
        ]}
      />
    </Stack>
  );
}
