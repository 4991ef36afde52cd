import type { TBookingTodo } from '@atoll/domain/todos';
import { Button } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSolveTodo } from '../api.ts';
import { todoText } from './todoText.ts';

/** "Solve" on an open todo; a solved one shows nothing. */
export function SolveTodoButton({
  todo,
}: {
  todo: Pick<TBookingTodo, 'id' | 'bookingId' | 'open' | 'code' | 'text'>;
}) {
  const { t } = useTranslation();
  const solve = useSolveTodo();
  if (!todo.open) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconCheck size={14} aria-hidden />}
      loading={solve.isPending}
      aria-label={t('todos.solveOne', { text: todoText(t, todo) })}
      onClick={() => solve.mutate(todo, { onSuccess: () => showSuccess(t('todos.solved')) })}
    >
      {t('todos.solve')}
    </Button>
  );
}
