import { SCOPE_ACTIONS } from '@atoll/domain/scopes/catalogue';
import { Center, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TScopeGroup } from '../api.ts';

type TProps = {
  groups: TScopeGroup[];
  value: string[];
  onChange: (value: string[]) => void;
};

const actionScope = (group: string, action: string) => `${group}.${action}`;
/** Scopes of a group outside read/create/update/delete/self, such as suapi.all. */
const extrasOf = (group: TScopeGroup) =>
  group.scopes.filter((s) => !SCOPE_ACTIONS.some((a) => s === actionScope(group.group, a)));

/** One row per scope group, one checkbox per action; row and column boxes switch a whole line. */
export function ScopeGrid({ groups, value, onChange }: TProps) {
  const { t } = useTranslation();
  const held = new Set(value);
  const toggle = (scopes: string[], on: boolean) => {
    const next = new Set(value);
    for (const s of scopes) {
      if (on) next.add(s);
      else next.delete(s);
    }
    onChange([...next]);
  };
  const lineBox = (scopes: string[], label: string) => {
    const count = scopes.filter((s) => held.has(s)).length;
    return (
      <Checkbox
        aria-label={label}
        size="xs"
        checked={scopes.length > 0 && count === scopes.length}
        indeterminate={count > 0 && count < scopes.length}
        onChange={(e) => toggle(scopes, e.currentTarget.checked)}
        disabled={scopes.length === 0}
      />
    );
  };

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder verticalSpacing={4} aria-label={t('users.roles.scopeGrid')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.roles.group')}</Table.Th>
            {SCOPE_ACTIONS.map((action) => {
              const column = groups
                .map((g) => actionScope(g.group, action))
                .filter((s) => groups.some((g) => g.scopes.includes(s)));
              return (
                <Table.Th key={action}>
                  <Stack gap={4} align="center">
                    <Text size="xs" fw={700}>
                      {t(`users.roles.actions.${action}`)}
                    </Text>
                    {lineBox(
                      column,
                      t('users.roles.allOfAction', { action: t(`users.roles.actions.${action}`) }),
                    )}
                  </Stack>
                </Table.Th>
              );
            })}
            <Table.Th>{t('users.roles.more')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.group}>
              <Table.Th scope="row">
                <Group gap={6} wrap="nowrap">
                  {lineBox(
                    group.scopes,
                    t('users.roles.allOfGroup', { group: t(`users.scopes.resources.${group.group}`) }),
                  )}
                  <Text size="sm" fw={500}>
                    {t(`users.scopes.resources.${group.group}`)}
                  </Text>
                </Group>
              </Table.Th>
              {SCOPE_ACTIONS.map((action) => {
                const scope = actionScope(group.group, action);
                return (
                  <Table.Td key={action}>
                    {group.scopes.includes(scope) && (
                      <Center>
                        <Checkbox
                          aria-label={scope}
                          size="sm"
                          checked={held.has(scope)}
                          onChange={(e) => toggle([scope], e.currentTarget.checked)}
                        />
                      </Center>
                    )}
                  </Table.Td>
                );
              })}
              <Table.Td>
                <Group gap="xs">
                  {extrasOf(group).map((scope) => (
                    <Checkbox
                      key={scope}
                      label={scope.slice(group.group.length + 1)}
                      aria-label={scope}
                      size="xs"
                      checked={held.has(scope)}
                      onChange={(e) => toggle([scope], e.currentTarget.checked)}
                    />
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
