import type { TPaymentProvider, TProviderType } from '@atoll/domain/payments/api';
import { Button, Checkbox, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf } from '../../../components/fieldErrors.ts';
import { type TProviderBody, useSaveProvider } from '../api.ts';

const FIELDS = ['name', 'type', 'config', 'secrets'] as const;
const BANK_FIELDS = ['accountHolder', 'iban', 'bic', 'bankName'] as const;

/** Creates or edits a provider. Secrets are write-only: empty fields keep what is stored. */
export function ProviderModal({
  provider,
  onClose,
}: {
  provider: TPaymentProvider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProvider();
  const [name, setName] = useState(provider?.name ?? '');
  const [type, setType] = useState<TProviderType>(provider?.type ?? 'bank_transfer');
  const [isActive, setActive] = useState(provider?.isActive ?? true);
  const [config, setConfig] = useState<Record<string, string>>(
    Object.fromEntries(
      Object.entries(provider?.config ?? {}).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>,
  );
  const [apiKey, setApiKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const errors = fieldErrorsOf(save.error, FIELDS);
  const setField = (key: string, value: string) => setConfig((c) => ({ ...c, [key]: value }));

  const submit = () => {
    const keys = type === 'stripe' ? ['apiBase'] : BANK_FIELDS;
    const cleanConfig = Object.fromEntries(
      keys.map((k) => [k, config[k]?.trim() ?? '']).filter(([, v]) => v !== ''),
    );
    const secrets = {
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}),
    };
    const body: TProviderBody = {
      name: name.trim(),
      isActive,
      config: cleanConfig,
      ...(Object.keys(secrets).length ? { secrets } : {}),
      ...(provider ? {} : { type }),
    };
    save.mutate(
      { id: provider?.id ?? null, body },
      {
        onSuccess: () => {
          showSuccess(t('payments.providers.saved'));
          onClose();
        },
      },
    );
  };

  const general = save.error && Object.keys(errors).length === 0 ? save.error : null;
  const secretHint = (isSet: boolean | undefined) =>
    isSet ? t('payments.providers.secretSet') : t('payments.providers.secretNotSet');

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(provider ? 'payments.providers.edit' : 'payments.providers.new')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('payments.providers.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <Select
            label={t('payments.providers.type')}
            data={(['bank_transfer', 'stripe'] as const).map((v) => ({
              value: v,
              label: t(`payments.providers.types.${v}`),
            }))}
            value={type}
            onChange={(v) => v && setType(v as TProviderType)}
            disabled={provider !== null}
            allowDeselect={false}
          />
          <Checkbox
            label={t('payments.providers.active')}
            checked={isActive}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {type === 'bank_transfer' &&
            BANK_FIELDS.map((key) => (
              <TextInput
                key={key}
                label={t(`payments.providers.config.${key}`)}
                value={config[key] ?? ''}
                onChange={(e) => setField(key, e.currentTarget.value)}
              />
            ))}
          {type === 'stripe' && (
            <>
              <PasswordInput
                label={t('payments.providers.apiKey')}
                description={secretHint(provider?.secretsSet.apiKey)}
                value={apiKey}
                onChange={(e) => setApiKey(e.currentTarget.value)}
                autoComplete="off"
              />
              <PasswordInput
                label={t('payments.providers.webhookSecret')}
                description={secretHint(provider?.secretsSet.webhookSecret)}
                value={webhookSecret}
                onChange={(e) => setWebhookSecret(e.currentTarget.value)}
                autoComplete="off"
              />
              <TextInput
                label={t('payments.providers.config.apiBase')}
                description={t('payments.providers.apiBaseHint')}
                value={config.apiBase ?? ''}
                onChange={(e) => setField('apiBase', e.currentTarget.value)}
              />
              {provider && (
                <Text size="xs" c="dimmed">
                  {t('payments.providers.webhookHint', {
                    url: `${window.location.origin}/api/payments/notify/booking/0/${provider.id}`,
                  })}
                </Text>
              )}
            </>
          )}
          {(errors.config || errors.secrets) && (
            <Text c="red" size="sm" role="alert">
              {errors.config ?? errors.secrets}
            </Text>
          )}
          {general && (
            <Text c="red" size="sm" role="alert">
              {general instanceof ApiError ? apiErrorText(general) : general.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
