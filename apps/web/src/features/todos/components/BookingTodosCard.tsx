import { Badge, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingTodos } from '../api.ts';
import { SolveTodoButton } from './SolveTodoButton.tsx';
import { todoGroup, todoText } from './todoText.ts';

/** The todos of one booking on its detail page, open ones first, each open one with "Solve". */
export function BookingTodosCard({ bookingId, version }: { bookingId: number; version: number }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const todos = useBookingTodos(bookingId, version);
  const rows = todos.data ?? [];
  return (
    <SectionCard title={t('todos.booking.title')} icon={IconChecklist}>
      {todos.isError && <Text c="red">{t('datatable.error')}</Text>}
      {!todos.isPending && !todos.isError && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('todos.booking.none')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('todos.booking.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.todoitem.fields.due')}</Table.Th>
                <Table.Th>{t('resources.todoitem.fields.text')}</Table.Th>
                <Table.Th>{t('resources.todoitem.fields.group')}</Table.Th>
                <Table.Th>{t('resources.todoitem.fields.open')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((todo) => (
                <Table.Tr key={todo.id}>
                  <Table.Td>{formatDay(todo.due, lang) || '—'}</Table.Td>
                  <Table.Td>{todoText(t, todo)}</Table.Td>
                  <Table.Td>{todoGroup(t, todo)}</Table.Td>
                  <Table.Td>
                    {todo.open ? (
                      <SolveTodoButton todo={todo} />
                    ) : (
                      <Badge color="gray" variant="light">
                        {t('todos.state.solved')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
