import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconId, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from './routePath.ts';

const initials = (user: TSessionUser) =>
  (user.name || user.email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

export function UserMenu({ user, onLogout }: { user: TSessionUser; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label={t('app.userMenu')}>
          <Avatar color="blue" radius="xl" size="md">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name || user.email}</Menu.Label>
        <Menu.Item component={Link} to="/users/profile" leftSection={<IconUserCircle size={16} />}>
          {t('routes.userProfile')}
        </Menu.Item>
        {/* Agents and customers reach their own records here: the menu lists no hidden detail routes. */}
        {user.agencyId !== null && hasScope(user.scopes, ['agencies.self']) && (
          <Menu.Item
            component={Link}
            to={routePath('agencyEdit', { id: user.agencyId })}
            leftSection={<IconBriefcase size={16} />}
          >
            {t('app.myAgency')}
          </Menu.Item>
        )}
        {user.customerId !== null && hasScope(user.scopes, ['customers.self']) && (
          <Menu.Item
            component={Link}
            to={routePath('customerView', { id: user.customerId })}
            leftSection={<IconId size={16} />}
          >
            {t('app.myCustomerRecord')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('app.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
