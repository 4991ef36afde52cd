import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { todoGroup, todoName } from './todoText.ts';

const GERMAN: Record<string, string> = {
  'todos.groups.Payments': 'Zahlungen',
  'todos.names.exceededDueDate': 'Fälligkeit überschritten',
};
const t = ((key: string, options?: { defaultValue?: string }) =>
  GERMAN[key] ?? options?.defaultValue ?? key) as unknown as TFunction;

describe('a system todo in the user’s language', () => {
  it('names the seeded group and name in words of the language', () => {
    expect(todoGroup(t, { code: 'exceededDueDate', group: 'Payments' })).toBe('Zahlungen');
    expect(todoName(t, { code: 'exceededDueDate', name: 'Due date exceeded' })).toBe(
      'Fälligkeit überschritten',
    );
  });

  it('keeps what the operator wrote: a renamed system todo and their own todos', () => {
    expect(todoGroup(t, { code: 'exceededDueDate', group: 'Buchhaltung' })).toBe('Buchhaltung');
    expect(todoName(t, { code: 'exceededDueDate', name: 'Zahlung anmahnen' })).toBe('Zahlung anmahnen');
    expect(todoGroup(t, { code: null, group: 'Payments' })).toBe('Payments');
    expect(todoName(t, { code: null, name: 'Due date exceeded' })).toBe('Due date exceeded');
  });
});
