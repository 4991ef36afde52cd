import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TProps<Row> = {
  title: string;
  hint: string;
  rows: Row[];
  /** The inputs of one row; their labels name the row's number. */
  renderRow: (row: Row, index: number) => ReactNode;
  removeLabel: (index: number) => string;
  addLabel: string;
  onChange: (rows: Row[]) => void;
  /** A new row as it starts. */
  empty: Row;
  error?: string | undefined;
  disabled?: boolean | undefined;
};

/** An editable list of small rows without ids (periods, cancellation tiers): add, edit in place, remove. */
export function RowList<Row>(props: TProps<Row>) {
  const { rows, onChange, disabled } = props;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {props.title}
      </Text>
      <Text size="xs" c="dimmed">
        {props.hint}
      </Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their position is what the user edits
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          {props.renderRow(row, index)}
          {!disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={props.removeLabel(index)}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      {!disabled && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, props.empty])}
          style={{ alignSelf: 'flex-start' }}
        >
          {props.addLabel}
        </Button>
      )}
    </Stack>
  );
}
