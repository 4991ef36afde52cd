import type { TSavedListFilter } from '@atoll/domain/users';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { useUpdateSelf } from '../../auth/api.ts';
import { savedFilterQuery, withSavedFilter } from './bookingList.ts';

/**
 * The user's saved booking list filters (kept in the user's settings, so they follow the user to any browser):
 * apply one, save the list's current filters under a name, or delete one.
 */
export function SavedFilters() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const update = useUpdateSelf(user?.id ?? 0);
  const [managing, setManaging] = useState(false);
  const [name, setName] = useState('');
  const saved = user?.settings.bookingListFilters ?? [];
  const current = savedFilterQuery(params);
  const label = (key: string) => t(`bookings.list.saved.${key}`);

  const store = (next: TSavedListFilter[]) => update.mutate({ settings: { bookingListFilters: next } });
  const save = () => {
    store(withSavedFilter(saved, { name: name.trim(), query: current }));
    setName('');
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconBookmark size={14} aria-hidden />}>
            {label('title')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {saved.length === 0 && <Menu.Label>{label('none')}</Menu.Label>}
          {saved.map((entry) => (
            <Menu.Item key={entry.name} onClick={() => setParams(new URLSearchParams(entry.query))}>
              {entry.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setManaging(true)}>{label('manage')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={managing} onClose={() => setManaging(false)} title={label('manageTitle')}>
        <Stack gap="md">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={label('name')}
              description={current ? undefined : label('nothingToSave')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              style={{ flex: 1 }}
            />
            <Button onClick={save} disabled={!name.trim() || !current} loading={update.isPending}>
              {label('save')}
            </Button>
          </Group>
          {saved.length === 0 ? (
            <Text size="sm" c="dimmed">
              {label('none')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {saved.map((entry) => (
                <Group key={entry.name} component="li" justify="space-between" wrap="nowrap">
                  <Text size="sm">{entry.name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('bookings.list.saved.delete', { name: entry.name })}
                    onClick={() => store(saved.filter((s) => s !== entry))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Modal>
    </>
  );
}
