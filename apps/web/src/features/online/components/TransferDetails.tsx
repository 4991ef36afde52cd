import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format.ts';

export type TTransfer = {
  accountHolder: string | null;
  iban: string | null;
  bic: string | null;
  reference: string;
  amount: string;
  currency: string;
  qrCode: string | null;
};

/** What to transfer where, with the EPC QR code when there is one. */
export function TransferDetails({
  details,
  lang,
  testId,
}: {
  details: TTransfer;
  lang: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {t('online.bankTitle')}
      </Title>
      <Text size="sm">
        {t('online.bankAmount', { amount: formatMoney(details.amount, details.currency, lang) })}
      </Text>
      {details.accountHolder && <Text size="sm">{details.accountHolder}</Text>}
      {details.iban && <Text size="sm">IBAN: {details.iban}</Text>}
      {details.bic && <Text size="sm">BIC: {details.bic}</Text>}
      <Text size="sm" fw={600}>
        {t('online.bankReference', { reference: details.reference })}
      </Text>
      {details.qrCode && (
        <>
          <img
            src={details.qrCode}
            alt={t('online.qrAlt')}
            width={180}
            height={180}
            style={{ alignSelf: 'flex-start' }}
            data-testid="epc-qr"
          />
          <Text size="xs" c="gray.7">
            {t('online.qrHint')}
          </Text>
        </>
      )}
    </Card>
  );
}
