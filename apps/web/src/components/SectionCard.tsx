import { Group, Paper, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A titled block of a detail page (a customer's details, an agency's links and users). */
export function SectionCard({
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
