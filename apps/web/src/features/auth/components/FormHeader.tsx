import { Stack, Text, Title } from '@mantine/core';

/** Title and one line of explanation above an auth form. */
export function FormHeader({ title, text }: { title: string; text?: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {text && (
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      )}
    </Stack>
  );
}
