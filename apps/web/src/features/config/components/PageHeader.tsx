import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and a line saying what the screen is for. */
export function PageHeader({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      )}
    </Stack>
  );
}
