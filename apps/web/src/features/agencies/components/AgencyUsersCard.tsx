import { ROUTES } from '@atoll/domain/navigation/routes';
import { hasScope } from '@atoll/domain/scopes';
import { Anchor, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { formatDateTime } from '../../../components/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useAgencyUsers } from '../api.ts';

const userEditScopes = ROUTES.find((r) => r.name === 'userEdit')?.scopes ?? [];

/** The logins of an agency's people (`GET /api/agencies/{id}/users`); a link to each for user managers. */
export function AgencyUsersCard({ agencyId }: { agencyId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const users = useAgencyUsers(agencyId);
  const canOpen = hasScope(user?.scopes ?? [], userEditScopes);
  const label = (field: string) => t(`resources.users.fields.${field}`);
  const rows = users.data ?? [];

  return (
    <SectionCard title={t('agencies.users.title')} icon={IconUsers}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('agencies.users.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('agencies.users.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label('name')}</Table.Th>
                <Table.Th>{label('email')}</Table.Th>
                <Table.Th>{label('userType')}</Table.Th>
                <Table.Th>{label('lastLoginAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    {canOpen ? (
                      <Anchor component={Link} to={routePath('userEdit', { id: u.id })} size="sm">
                        {u.name || u.email}
                      </Anchor>
                    ) : (
                      u.name
                    )}
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{t(`users.types.${u.userType}`, { defaultValue: u.userType })}</Table.Td>
                  <Table.Td>{formatDateTime(u.lastLoginAt, i18n.language) || t('users.list.never')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
