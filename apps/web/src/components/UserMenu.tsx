import type { TSessionUser } from '@atoll/domain/users';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('app.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
