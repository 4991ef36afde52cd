import { Card, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a home dashboard: a small caption over its value and notes. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Stack gap={0} mt={4}>
        {children}
      </Stack>
    </Card>
  );
}

const FOUR: SimpleGridProps['cols'] = { base: 1, xs: 2, lg: 4 };

/** The figures as a list: one column on a phone, up to four on a wide screen. */
export function FigureGrid({
  children,
  cols = FOUR,
}: {
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </SimpleGrid>
  );
}
