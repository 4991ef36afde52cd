import type { TRoom } from '@atoll/domain/inventory/rooms';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { roomKeys, useAssets, useRoomTypes } from '../api.ts';
import { BLOCK_COLORS } from '../components/RoomBlocksCard.tsx';
import { RoomStateMenu } from '../components/RoomStateMenu.tsx';

/** /room/list: rooms and cabins in sort order, with filters by asset and room type and quick housekeeping. */
export default function RoomListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canWrite = (room: TRoom) => hasScope(scopes, [room.resortId ? 'resort.update' : 'vessel.update']);
  const resorts = useAssets('resort', hasScope(scopes, ['resort.read']));
  const vessels = useAssets('vessel', hasScope(scopes, ['vessel.read']));
  const roomTypes = useRoomTypes();
  const header = (key: string) => t(`rooms.fields.${key}`);

  const columns: TColumn<TRoom>[] = [
    { key: 'name', header: header('name'), sortable: true },
    { key: 'assetName', header: header('asset'), render: (row) => row.assetName ?? '' },
    { key: 'type', header: header('type'), sortable: true, render: (row) => t(`rooms.kinds.${row.type}`) },
    { key: 'roomTypeId', header: header('roomTypeId'), render: (row) => row.roomTypeName ?? '' },
    { key: 'availableBeds', header: header('beds'), sortable: true },
    {
      key: 'pax',
      header: header('pax'),
      render: (row) => {
        const c = row.configuration;
        return `${c.defaultNoOfPax} (${c.minNoOfPax}–${c.maxNoOfPax})`;
      },
    },
    {
      key: 'housekeeping',
      header: header('housekeeping'),
      sortable: true,
      render: (row) => <RoomStateMenu room={row} canEdit={canWrite(row)} />,
    },
    { key: 'flags', header: header('flags'), render: (row) => <RoomFlags room={row} /> },
    {
      key: 'sort',
      header: header('sort'),
      sortable: true,
      render: (row) => (row.sort === 9999 ? '' : row.sort),
    },
  ];
  const filters: TListFilter[] = [
    {
      key: 'asset',
      label: header('asset'),
      options: [
        ...(resorts.data ?? []).map((r) => ({ value: `resort:${r.id}`, label: r.name })),
        ...(vessels.data ?? []).map((v) => ({ value: `vessel:${v.id}`, label: v.name })),
      ],
      toFilter: (value) => {
        const [kind, id] = value.split(':');
        return { [kind === 'vessel' ? 'vesselId' : 'resortId']: Number(id) };
      },
    },
    {
      key: 'roomTypeId',
      label: header('roomTypeId'),
      options: (roomTypes.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      toFilter: (value) => ({ roomTypeId: Number(value) }),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('rooms.list.title')}</Title>
      <DataTable<TRoom>
        resource="rooms"
        label={t('rooms.list.title')}
        queryKey={roomKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="sort"
        rowLink={(row) => routePath('roomEdit', { id: row.id })}
        actions={
          hasScope(scopes, ['resort.update', 'vessel.update']) && (
            <Button
              component={Link}
              to={routePath('roomCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('rooms.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** Active or not, visible online or not, and the next block if there is one. */
function RoomFlags({ room }: { room: TRoom }) {
  const { t } = useTranslation();
  const next = room.blocked[0];
  return (
    <Group gap={4}>
      <Badge color={room.isActive ? 'blue' : 'red'} variant="light" radius="sm">
        {t(room.isActive ? 'common.active' : 'common.inactive')}
      </Badge>
      {(!room.isVisible || room.hide) && (
        <Badge color="gray" variant="light" radius="sm">
          {t('rooms.list.hidden')}
        </Badge>
      )}
      {next && (
        <Tooltip label={`${t(`rooms.blockKinds.${next.kind}`)}: ${next.from} – ${next.to}`}>
          <Badge color={BLOCK_COLORS[next.kind]} variant="light" radius="sm">
            <Text span inherit>
              {t('rooms.list.blocked', { count: room.blocked.length })}
            </Text>
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
