import { type MantineColor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

type TProps = {
  icon: ReactNode;
  color: MantineColor;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Move the focus to the title when the panel replaces a form, so screen readers hear the outcome. */
  focus?: boolean;
};

/** The outcome of an auth step: sent, confirmed, failed. */
export function ResultPanel({ icon, color, title, children, actions, focus = false }: TProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus]);
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h3" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
      {actions && (
        <Stack w="100%" gap="xs">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
