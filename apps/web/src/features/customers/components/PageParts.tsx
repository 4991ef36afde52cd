import { Alert, Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { type Icon, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/messages.ts';

/** Yellow titles (shade 9 on the light yellow background) stay below 4.5:1 contrast: the text colour instead. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden />
      {t('customers.edit.backToList')}
    </Anchor>
  );
}

/** A missing record (or another's: the server answers 404 for both) or a failed load. */
export function LoadFailure({ back, error }: { back: ReactNode; error: unknown }) {
  const { t } = useTranslation();
  const missing = !error || (error instanceof ApiError && error.status === 404);
  return (
    <Stack>
      {back}
      {missing ? (
        <Alert color="yellow" title={t('common.notFound')} styles={READABLE_TITLE}>
          {t('common.notFoundText')}
        </Alert>
      ) : (
        <Alert color="red">{error instanceof ApiError ? apiErrorText(error) : String(error)}</Alert>
      )}
    </Stack>
  );
}

/** A titled block of the detail page. */
export function Card({
  title,
  icon: TitleIcon,
  children,
}: {
  title: string;
  icon: Icon;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <TitleIcon size={20} aria-hidden />
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}
