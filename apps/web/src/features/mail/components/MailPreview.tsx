import { fillSubject, fillText, MAIL_PLACEHOLDERS, unknownPlaceholders } from '@atoll/domain/mail';
import { Alert, Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Example values of the placeholders, for the preview. */
const SAMPLE: Record<string, Record<string, string>> = {
  de: {
    bookingNo: 'B-2031-0042',
    guestName: 'Maria Sommer',
    from: '01.03.2031',
    to: '08.03.2031',
    nights: '7',
    asset: 'Coral Garden Resort',
    pax: '2',
    total: '1.400,00 €',
    paid: '420,00 €',
    openAmount: '980,00 €',
    currency: 'EUR',
    nextDueDate: '01.02.2031',
    company: 'Atoll Demo Divers',
    bookingLink: 'https://atoll.example/booking/42',
    invoiceLink: 'https://atoll.example/invoice/…',
    guestFormLink: 'https://atoll.example/customer/guestform',
  },
  en: {
    bookingNo: 'B-2031-0042',
    guestName: 'Maria Sommer',
    from: '2031-03-01',
    to: '2031-03-08',
    nights: '7',
    asset: 'Coral Garden Resort',
    pax: '2',
    total: '€1,400.00',
    paid: '€420.00',
    openAmount: '€980.00',
    currency: 'EUR',
    nextDueDate: '2031-02-01',
    company: 'Atoll Demo Divers',
    bookingLink: 'https://atoll.example/booking/42',
    invoiceLink: 'https://atoll.example/invoice/…',
    guestFormLink: 'https://atoll.example/customer/guestform',
  },
};

/** The placeholders (a click inserts one) and the mail as a guest would read it, with example values. */
export function MailPreview(props: {
  subject: string;
  body: string;
  language: string;
  onInsert: (placeholder: string) => void;
}) {
  const { t } = useTranslation();
  const values = SAMPLE[props.language] ?? SAMPLE.de ?? {};
  const unknown = unknownPlaceholders(`${props.subject} ${props.body}`);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('mail.templates.placeholders')}
        </Text>
        <Group gap={6}>
          {MAIL_PLACEHOLDERS.map((name) => (
            <UnstyledButton
              key={name}
              onClick={() => props.onInsert(`{{${name}}}`)}
              aria-label={t('mail.templates.insert', { name })}
            >
              <Badge variant="light" tt="none" style={{ cursor: 'pointer' }}>
                {`{{${name}}}`}
              </Badge>
            </UnstyledButton>
          ))}
        </Group>
      </div>
      {unknown.length > 0 && (
        <Alert color="yellow">{t('mail.templates.unknown', { names: unknown.join(', ') })}</Alert>
      )}
      <Paper withBorder p="md" radius="md" aria-label={t('mail.templates.preview')}>
        <Title order={3} size="h5" mb="xs">
          {t('mail.templates.preview')}: {fillSubject(props.subject, values)}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-preview">
          {fillText(props.body, values)}
        </Text>
      </Paper>
    </Stack>
  );
}
