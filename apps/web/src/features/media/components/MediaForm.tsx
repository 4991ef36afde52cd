import type { TMedia, TUpdateMedia } from '@atoll/domain/inventory/media';
import { Button, Group, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useMediaFolders, useSaveMedia } from '../api.ts';
import { FolderSelect } from './FolderSelect.tsx';
import { mediaErrorText } from './format.ts';

/** Name, captions in both languages, folder and public flag of one media. */
export function MediaForm({ media }: { media: TMedia }) {
  const { t } = useTranslation();
  const folders = useMediaFolders();
  const save = useSaveMedia(media.id);
  const [values, setValues] = useState<Required<TUpdateMedia>>({
    name: media.name,
    folderId: media.folderId,
    caption: media.caption,
    isPublic: media.isPublic,
  });
  const set = (patch: Partial<TUpdateMedia>) => setValues((v) => ({ ...v, ...patch }));
  const setCaption = (lang: 'de' | 'en', text: string) =>
    set({ caption: { ...values.caption, [lang]: text } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...values, name: values.name.trim() },
      {
        onSuccess: () => showSuccess(t('common.saved')),
        onError: (error) => showError(mediaErrorText(error, t)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('media.fields.name')}
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            required
            maxLength={200}
          />
          <Textarea
            label={t('media.fields.captionDe')}
            value={values.caption.de ?? ''}
            onChange={(e) => setCaption('de', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Textarea
            label={t('media.fields.captionEn')}
            value={values.caption.en ?? ''}
            onChange={(e) => setCaption('en', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <FolderSelect
            label={t('media.fields.folder')}
            folders={folders.data ?? []}
            value={values.folderId}
            onChange={(folderId) => set({ folderId })}
          />
          <Switch
            label={t('media.fields.isPublic')}
            description={t('media.fields.isPublicHint')}
            checked={values.isPublic}
            onChange={(e) => set({ isPublic: e.currentTarget.checked })}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!values.name.trim()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
