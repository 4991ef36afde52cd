import { hasScope } from '@atoll/domain/scopes';
import { Button, Grid, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolderShare, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { routePath } from '../../../components/routePath.ts';
import { type TFolderChoice, useMediaFolders, useMediaList, useMoveMedia, useUploadMedia } from '../api.ts';
import { FolderNav } from '../components/FolderNav.tsx';
import { FolderSelect } from '../components/FolderSelect.tsx';
import { mediaErrorText } from '../components/format.ts';
import { MediaGrid } from '../components/MediaGrid.tsx';
import { UploadArea } from '../components/UploadArea.tsx';

const PAGE_SIZE = 30;

/** /media/list: folders beside a grid of thumbnails; search, upload, and moving several at once. */
export default function MediaListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canRead = hasScope(scopes, ['media.read']);
  const canUpload = hasScope(scopes, ['media.create']);
  const canEdit = hasScope(scopes, ['media.update']);
  const [folder, setFolder] = useState<TFolderChoice>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const folders = useMediaFolders(canRead);
  const list = useMediaList({ page, size: PAGE_SIZE, search: debounced, folder }, canRead);
  const upload = useUploadMedia();
  const move = useMoveMedia();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  const chooseFolder = (choice: TFolderChoice) => {
    setFolder(choice);
    setPage(1);
    setSelected([]);
  };
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  // One after the other: the server works on one large image at a time per user.
  const uploadFiles = async (files: File[], optimize: boolean) => {
    const folderId = typeof folder === 'number' ? folder : null;
    let done = 0;
    for (const file of files) {
      try {
        await upload.mutateAsync({ file, optimize, folderId });
        done++;
      } catch (error) {
        showError(`${file.name}: ${mediaErrorText(error, t)}`);
      }
    }
    if (done) showSuccess(t('media.upload.done', { count: done }));
  };

  const moveSelected = () =>
    move.mutate(
      { ids: selected, folderId: target },
      {
        onSuccess: () => {
          showSuccess(t('media.list.moved', { count: selected.length }));
          setSelected([]);
        },
      },
    );

  if (!canRead) {
    return (
      <Stack>
        <PageHeader title={t('media.list.title')} />
        <Text>{t('media.list.noAccess')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('media.list.title')} intro={t('media.list.intro')} />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FolderNav
            folders={folders.data ?? []}
            value={folder}
            onChange={chooseFolder}
            canEdit={canEdit}
            canDelete={hasScope(scopes, ['media.delete'])}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            {canUpload && <UploadArea onFiles={uploadFiles} busy={upload.isPending} />}
            <Group justify="space-between" align="flex-end">
              <TextInput
                label={t('media.list.search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={260}
              />
              {canEdit && selected.length > 0 && (
                <Group gap="xs" align="flex-end">
                  <Text size="sm" mb={8}>
                    {t('media.list.selected', { count: selected.length })}
                  </Text>
                  <FolderSelect
                    label={t('media.list.moveTo')}
                    folders={folders.data ?? []}
                    value={target}
                    onChange={setTarget}
                  />
                  <Button
                    leftSection={<IconFolderShare size={16} aria-hidden />}
                    onClick={moveSelected}
                    loading={move.isPending}
                  >
                    {t('media.list.move')}
                  </Button>
                </Group>
              )}
            </Group>
            <MediaGrid
              items={list.data?.data ?? []}
              selected={selected}
              onToggle={toggle}
              linkTo={canEdit ? (media) => routePath('mediaEdit', { id: media.id }) : undefined}
            />
            {pages > 1 && (
              <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
