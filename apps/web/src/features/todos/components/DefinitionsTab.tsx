import { BOOKING_TYPES } from '@atoll/domain/bookings';
import { CALC_TYPES, type TTodo } from '@atoll/domain/todos';
import { Badge, MultiSelect } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import { todoGroup, todoName } from './todoText.ts';

type TTodoDefinitionRow = TTodo & Record<string, unknown>;

const SCOPES = { create: ['todo.create'], update: ['todo.update'], delete: ['todo.delete'] };

/** "3 days before arrival", "on the booking date". */
export const ruleText = (t: TFunction, row: Pick<TTodo, 'calcType' | 'value'>) =>
  t(`todos.calcTypes.${row.calcType}`, { count: row.value });

function fieldsOf(t: TFunction): TResourceField[] {
  return [
    { key: 'name', kind: 'text', required: true },
    { key: 'group', kind: 'text' },
    { key: 'text', kind: 'textarea', wide: true },
    {
      key: 'calcType',
      kind: 'select',
      required: true,
      initial: 'afterBooking',
      options: CALC_TYPES.map((value) => ({ value, label: t(`todos.calcTypeNames.${value}`) })),
    },
    { key: 'value', kind: 'number', required: true, min: 0, max: 3650, initial: 0 },
    { key: 'closeOnAbort', kind: 'switch', initial: true },
    { key: 'isActive', kind: 'switch', initial: true },
    {
      key: 'autoAdd',
      kind: 'custom',
      initial: [],
      wide: true,
      render: ({ value, onChange, label, error, disabled }) => (
        <MultiSelect
          label={label}
          description={t('todos.definitions.autoAddHint')}
          data={BOOKING_TYPES.map((type) => ({ value: type, label: t(`todos.bookingTypes.${type}`) }))}
          value={(value as string[] | null) ?? []}
          error={error}
          disabled={disabled}
          clearable
          onChange={onChange}
        />
      ),
    },
  ];
}

/** The todo definitions: their due rules, cancel behaviour and the booking types they join. */
export function DefinitionsTab() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TTodoDefinitionRow>
      resource="todo"
      title={t('todos.definitions.title')}
      intro={t('todos.definitions.intro')}
      defaultSort="name"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true, render: (row) => todoName(t, row) },
        { key: 'group', sortable: true, render: (row) => todoGroup(t, row) },
        { key: 'calcType', sortable: true, render: (row) => ruleText(t, row) },
        {
          key: 'code',
          sortable: true,
          render: (row) =>
            row.code ? (
              <Badge variant="light">{t('todos.definitions.system')}</Badge>
            ) : (
              t('todos.definitions.own')
            ),
        },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => (row.isActive ? t('common.yes') : t('common.no')),
        },
      ]}
      fields={fieldsOf(t)}
    />
  );
}
