import type { TSessionUser } from '@atoll/domain/users';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const partOfDay = (hour: number) =>
  hour < 5 ? 'evening' : hour < 12 ? 'morning' : hour < 18 ? 'day' : 'evening';

/** Page heading: a greeting by time of day, the company and today's date. */
export function HomeGreeting({ user, company }: { user: TSessionUser; company: string | null }) {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const name = user.name || user.email;
  const part = partOfDay(now.getHours());
  const greeting =
    part === 'morning'
      ? t('home.greeting.morning', { name })
      : part === 'day'
        ? t('home.greeting.day', { name })
        : t('home.greeting.evening', { name });
  const today = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {greeting}
      </Title>
      <Text size="sm" c="dimmed">
        {company && (
          <Text span fw={600} c="var(--mantine-color-text)">
            {company}
            {' · '}
          </Text>
        )}
        {today}
      </Text>
    </Stack>
  );
}
