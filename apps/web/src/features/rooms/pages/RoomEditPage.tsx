import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { type TAssetKind, useDeleteRoom, useRoom } from '../api.ts';
import { RoomBlocksCard } from '../components/RoomBlocksCard.tsx';
import { RoomForm } from '../components/RoomForm.tsx';
import { RoomStatesCard } from '../components/RoomStatesCard.tsx';

/** /room/create and /room/:id: the room's data, today's states and its blocks. */
export default function RoomEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteRoom();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete } = useEditPage({
    list: 'rooms',
    edit: 'roomEdit',
    remove,
    deleteErrorText: (error) =>
      error instanceof ApiError && error.code === 'IN_USE'
        ? t('rooms.edit.inUse')
        : error instanceof ApiError
          ? apiErrorText(error)
          : String(error),
  });
  const room = useRoom(id);
  const kinds = (['resort', 'vessel'] as TAssetKind[]).filter((k) => hasScope(scopes, [`${k}.update`]));

  const backLink = <BackLink to={back} label={t('rooms.edit.backToList')} />;
  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && room.isPending) return <PageLoader />;
  if (!isCreate && room.error) return <RecordFailure back={backLink} error={room.error} />;
  const current = isCreate ? undefined : room.data;
  const canEdit = current ? kinds.includes(current.resortId ? 'resort' : 'vessel') : kinds.length > 0;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('rooms.edit.createTitle')}>
        {current && (
          <Group gap="xs" mt={4}>
            <Badge variant="light" radius="sm">
              {t(`rooms.kinds.${current.type}`)}
            </Badge>
            {current.assetName && (
              <Badge variant="outline" radius="sm">
                {current.assetName}
              </Badge>
            )}
          </Group>
        )}
      </RecordHeader>
      {current && <RecordActions onDelete={canEdit ? () => setConfirming(true) : undefined} />}
      {current && <RoomStatesCard room={current} canEdit={canEdit} />}
      <RoomForm
        key={current?.id ?? 'new'}
        {...(current ? { room: current } : {})}
        kinds={kinds}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && <RoomBlocksCard room={current} canEdit={canEdit} />}
      {current && (
        <DeleteModal
          opened={confirming}
          name={current.name}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
