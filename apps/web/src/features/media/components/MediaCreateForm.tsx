import type { TMedia } from '@atoll/domain/inventory/media';
import { Button, FileInput, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../app/messages.ts';
import { useMediaFolders, useUploadMedia } from '../api.ts';
import { FolderSelect } from './FolderSelect.tsx';
import { ACCEPTED_FILES, mediaErrorText } from './format.ts';

/** /media/create: one file with its name, folder, public flag and the optimize switch. */
export function MediaCreateForm({
  onSaved,
  extraActions,
}: {
  onSaved: (media: TMedia) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const folders = useMediaFolders();
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState<number | null>(null);
  const [optimize, setOptimize] = useState(true);
  const [isPublic, setIsPublic] = useState(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { file, optimize, folderId, isPublic, name: name.trim() || file.name },
      { onSuccess: onSaved, onError: (error) => showError(mediaErrorText(error, t)) },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <FileInput
            label={t('media.fields.file')}
            accept={ACCEPTED_FILES}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              if (chosen && !name) setName(chosen.name);
            }}
            required
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
          />
          <TextInput
            label={t('media.fields.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
          />
          <FolderSelect
            label={t('media.fields.folder')}
            folders={folders.data ?? []}
            value={folderId}
            onChange={setFolderId}
          />
          <Switch
            label={t('media.upload.optimize')}
            description={t('media.upload.optimizeHint')}
            checked={optimize}
            onChange={(e) => setOptimize(e.currentTarget.checked)}
          />
          <Switch
            label={t('media.fields.isPublic')}
            description={t('media.fields.isPublicHint')}
            checked={isPublic}
            onChange={(e) => setIsPublic(e.currentTarget.checked)}
          />
          <Group gap="xs">
            <Button type="submit" loading={upload.isPending} disabled={!file}>
              {t('media.upload.button')}
            </Button>
            {extraActions}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
