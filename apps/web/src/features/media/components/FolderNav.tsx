import type { TMediaFolder } from '@atoll/domain/inventory/media';
import { ActionIcon, Group, NavLink, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { IconFolder, IconFolderPlus, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { type TFolderChoice, useDeleteFolder } from '../api.ts';
import { FolderNameModal } from './FolderNameModal.tsx';
import { folderTree } from './folderTree.ts';

type TProps = {
  folders: TMediaFolder[];
  value: TFolderChoice;
  onChange: (folder: TFolderChoice) => void;
  canEdit: boolean;
  canDelete: boolean;
};

type TNaming = { mode: 'create'; parentId: number | null } | { mode: 'rename'; folder: TMediaFolder };

/** The library's folders: all media, media in no folder, each folder; new, rename and delete. */
export function FolderNav({ folders, value, onChange, canEdit, canDelete }: TProps) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState<TNaming | null>(null);
  const [deleting, setDeleting] = useState<TMediaFolder | null>(null);
  const remove = useDeleteFolder();
  const current = typeof value === 'number' ? folders.find((f) => f.id === value) : undefined;

  const confirmDelete = (folder: TMediaFolder) =>
    remove.mutate(folder.id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess(t('common.deleted'));
        onChange('all');
      },
      onError: () => setDeleting(null),
    });

  const entry = (choice: TFolderChoice, label: string, depth = 0, icon = IconFolder) => {
    const Icon = icon;
    return (
      <NavLink
        key={String(choice)}
        component="button"
        type="button"
        label={label}
        active={value === choice}
        aria-current={value === choice ? 'true' : undefined}
        onClick={() => onChange(choice)}
        leftSection={<Icon size={16} aria-hidden />}
        pl={12 + depth * 16}
        py={6}
      />
    );
  };

  return (
    <Paper withBorder p="xs" radius="md">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Title order={2} size="h5" px={6}>
          {t('media.folders.title')}
        </Title>
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('media.folders.create')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('media.folders.create')}
                onClick={() => setNaming({ mode: 'create', parentId: current?.id ?? null })}
              >
                <IconFolderPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {current && (
              <Tooltip label={t('media.folders.rename')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('media.folders.rename')}
                  onClick={() => setNaming({ mode: 'rename', folder: current })}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {current && canDelete && (
              <Tooltip label={t('media.folders.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('media.folders.delete')}
                  onClick={() => setDeleting(current)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      <Stack gap={0} component="nav" aria-label={t('media.folders.title')}>
        {entry('all', t('media.folders.all'), 0, IconPhoto)}
        {entry('none', t('media.folders.none'))}
        {folderTree(folders).map(({ folder, depth }) => entry(folder.id, folder.name, depth))}
      </Stack>
      {naming && (
        <FolderNameModal
          folder={naming.mode === 'rename' ? naming.folder : undefined}
          parentId={naming.mode === 'create' ? naming.parentId : undefined}
          onClose={() => setNaming(null)}
          onSaved={(saved) => {
            setNaming(null);
            onChange(saved.id);
          }}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={t('media.folders.delete')}
          text={t('media.folders.deleteText', { name: deleting.name })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}
