import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The screen's title and a line saying what it is for (configuration screens, auth forms). */
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
