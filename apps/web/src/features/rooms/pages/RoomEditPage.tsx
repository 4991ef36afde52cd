import type { TRoom } from '@atoll/domain/inventory/rooms';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { apiErrorText, showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import {
  BackLink,
  RecordActions,
  RecordFailure,
  RecordHeader,
  recordId,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { type TAssetKind, useDeleteRoom, useRoom } from '../api.ts';
import { RoomBlocksCard } from '../components/RoomBlocksCard.tsx';
import { RoomForm } from '../components/RoomForm.tsx';
import { RoomStatesCard } from '../components/RoomStatesCard.tsx';

/** /room/create and /room/:id: the room's data, today's states and its blocks. */
export default function RoomEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const room = useRoom(id);
  const remove = useDeleteRoom();
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath('rooms'));
  const kinds = (['resort', 'vessel'] as TAssetKind[]).filter((k) => hasScope(scopes, [`${k}.update`]));

  const onSaved = (saved: TRoom) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate) void navigate(routePath('roomEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TRoom) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('common.deleted'));
        void navigate(back);
      },
      onError: (error) => {
        setConfirming(false);
        const inUse = error instanceof ApiError && error.code === 'IN_USE';
        showError(
          inUse ? t('rooms.edit.inUse') : error instanceof ApiError ? apiErrorText(error) : String(error),
        );
      },
    });

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
        <ConfirmModal
          opened={confirming}
          title={t('common.deleteTitle')}
          text={t('common.deleteText', { name: current.name })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
