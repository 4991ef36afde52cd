import type { TMedia } from '@atoll/domain/inventory/media';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import {
  BackLink,
  RecordActions,
  RecordFailure,
  RecordHeader,
  recordId,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useDeleteMedia, useMedia } from '../api.ts';
import { mediaErrorText, mediaFacts } from '../components/format.ts';
import { MediaCreateForm } from '../components/MediaCreateForm.tsx';
import { MediaForm } from '../components/MediaForm.tsx';
import { MediaPreview } from '../components/MediaPreview.tsx';

/** /media/create (upload form) and /media/:id (preview, texts, folder, public flag, replace, delete). */
export default function MediaEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const media = useMedia(id);
  const remove = useDeleteMedia();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const back = useBackPath(routePath('media'));
  const backLink = <BackLink to={back} label={t('media.edit.backToList')} />;

  const onCreated = (created: TMedia) => {
    showSuccess(t('common.created'));
    void navigate(routePath('mediaEdit', { id: created.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TMedia) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        showSuccess(t('common.deleted'));
        void navigate(back);
      },
      onError: (error) => setDeleteError(mediaErrorText(error, t)),
      onSettled: () => setConfirming(false),
    });

  if (isCreate) {
    return (
      <Stack gap="md">
        {backLink}
        <RecordHeader title={t('media.edit.createTitle')} />
        <MediaCreateForm
          onSaved={onCreated}
          extraActions={
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
          }
        />
      </Stack>
    );
  }
  if (id === null) return <RecordFailure back={backLink} error={null} />;
  if (media.isPending) return <PageLoader />;
  if (media.error || !media.data) return <RecordFailure back={backLink} error={media.error} />;
  const current = media.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current.name}>
        <Text size="sm" c="dimmed">
          {mediaFacts(current, i18n.language)}
        </Text>
      </RecordHeader>
      <RecordActions onDelete={hasScope(scopes, ['media.delete']) ? () => setConfirming(true) : undefined} />
      {deleteError && (
        <Alert
          color="red"
          title={t('media.edit.notDeleted')}
          withCloseButton
          onClose={() => setDeleteError(null)}
        >
          {deleteError}
        </Alert>
      )}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MediaPreview media={current} canReplace={hasScope(scopes, ['media.update'])} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MediaForm key={current.id} media={current} />
        </Grid.Col>
      </Grid>
      <DeleteModal
        opened={confirming}
        name={current.name}
        busy={remove.isPending}
        onConfirm={() => onDelete(current)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
