import { Anchor, Badge, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { TODO_LISTS, type TTodoList, type TTodoRow, todoKeys, todoListPath } from '../api.ts';
import { SolveTodoButton } from './SolveTodoButton.tsx';
import { todoGroup, todoText } from './todoText.ts';

const isList = (value: string | null): value is TTodoList => TODO_LISTS.includes(value as TTodoList);

/** The todos of the bookings the user may see: open ones, the user's own, or all (with a state filter). */
export function OpenTodosTab() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const raw = params.get('list');
  const list: TTodoList = isList(raw) ? raw : 'open';
  const choose = (next: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'open') out.delete('list');
        else out.set('list', next);
        out.delete('page');
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('todos.open.which')}
        value={list}
        onChange={choose}
        data={TODO_LISTS.map((value) => ({ value, label: t(`todos.open.lists.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <DataTable<TTodoRow>
        key={list}
        resource="todoitem"
        path={todoListPath(list)}
        label={t(`todos.open.lists.${list}`)}
        queryKey={todoKeys.list(list)}
        defaultSort="due"
        minWidth={640}
        {...(list === 'all'
          ? {
              filters: [
                {
                  key: 'open',
                  options: [
                    { value: 'true', label: t('todos.state.open') },
                    { value: 'false', label: t('todos.state.solved') },
                  ],
                  toFilter: (v: string) => ({ open: v === 'true' }),
                },
              ],
            }
          : {})}
        columns={[
          { key: 'due', sortable: true, render: (row) => formatDay(row.due, lang) || '—' },
          { key: 'text', sortable: true, wrap: true, render: (row) => todoText(t, row) },
          {
            key: 'bookingNumber',
            sortable: true,
            render: (row) => (
              <Anchor component={Link} to={routePath('bookingDetail', { id: row.bookingId })} fz="sm">
                {row.bookingNumber ?? `#${row.bookingId}`}
              </Anchor>
            ),
          },
          { key: 'group', sortable: true, render: (row) => todoGroup(t, row) },
          {
            key: 'open',
            render: (row) =>
              row.open ? (
                <SolveTodoButton todo={row} />
              ) : (
                <Badge color="gray" variant="light">
                  {t('todos.state.solved')}
                </Badge>
              ),
          },
        ]}
      />
    </Stack>
  );
}
