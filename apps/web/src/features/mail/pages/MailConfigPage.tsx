import { MAIL_SECURITY, type TMailAccount } from '@atoll/domain/mail';
import { Badge, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type TFieldProps } from '../../../components/resource/ResourcePage.tsx';

const SCOPES = { create: ['mail.update'], update: ['mail.update'], delete: ['mail.update'] };

/** Write-only: the field starts empty; left empty the stored password stays. */
function PasswordField({ value, onChange, label, error, disabled }: TFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label}
      description={t('mail.accounts.passwordHint')}
      error={error}
      disabled={disabled}
      autoComplete="new-password"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
    />
  );
}

/**
 * /config/mail: the SMTP accounts mails leave through (spec booking §7 "Mail"). Without one, the
 * installation's SMTP_URL is used. The password is never shown again; OAuth is not offered.
 */
export default function MailConfigPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TMailAccount & Record<string, unknown>>
      resource="mailaccount"
      title={t('routes.configMail')}
      intro={t('mail.accounts.intro')}
      defaultSort="name"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'host', sortable: true },
        { key: 'fromAddress', sortable: true },
        {
          key: 'isDefault',
          sortable: true,
          render: (row) =>
            row.isDefault ? (
              <Badge size="sm" variant="light">
                {t('mail.accounts.default')}
              </Badge>
            ) : null,
        },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'host', kind: 'text', required: true },
        { key: 'port', kind: 'number', initial: 587, min: 1, max: 65535 },
        {
          key: 'security',
          kind: 'select',
          initial: 'starttls',
          options: MAIL_SECURITY.map((s) => ({ value: s, label: t(`mail.security.${s}`) })),
        },
        { key: 'username', kind: 'text' },
        { key: 'password', kind: 'custom', render: (props) => <PasswordField {...props} /> },
        { key: 'fromAddress', kind: 'text', required: true },
        { key: 'fromName', kind: 'text' },
        { key: 'replyTo', kind: 'text' },
        { key: 'isDefault', kind: 'switch' },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
