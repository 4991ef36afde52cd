import type { TMedia } from '@atoll/domain/inventory/media';
import { Anchor, Button, Center, FileButton, Group, Image, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff, IconReplace } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../app/messages.ts';
import { mediaUrl } from '../../../components/media/mediaUrl.ts';
import { useReplaceFile } from '../api.ts';
import { ACCEPTED_FILES, captionOf, mediaErrorText, mediaFacts } from './format.ts';

/** The file as it is stored (image or a link to the document) and "replace file" with the optimize switch. */
export function MediaPreview({ media, canReplace }: { media: TMedia; canReplace: boolean }) {
  const { t, i18n } = useTranslation();
  const replace = useReplaceFile(media.id);
  const [optimize, setOptimize] = useState(true);
  const url = mediaUrl(media.id, { version: media.checksum });

  const choose = (file: File | null) => {
    if (!file) return;
    replace.mutate(
      { file, optimize },
      {
        onSuccess: () => showSuccess(t('media.edit.replaced')),
        onError: (error) => showError(mediaErrorText(error, t)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Center bg="var(--mantine-color-default-hover)" mih={200} style={{ borderRadius: 8 }}>
          {!media.checksum ? (
            <Stack align="center" gap={4}>
              <IconPhotoOff size={40} aria-hidden />
              <Text size="sm" c="dimmed">
                {t('media.list.noFile')}
              </Text>
            </Stack>
          ) : media.type === 'image' ? (
            <Image src={url} alt={captionOf(media, i18n.language)} mah={420} fit="contain" />
          ) : (
            <Stack align="center" gap={4}>
              <IconFileTypePdf size={48} aria-hidden />
              <Anchor href={url} target="_blank" rel="noopener">
                <Group gap={4}>
                  {t('media.edit.openFile')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          )}
        </Center>
        <Text size="sm" c="dimmed">
          {[media.mime, mediaFacts(media, i18n.language)].filter(Boolean).join(' · ')}
        </Text>
        {canReplace && (
          <Group justify="space-between">
            <FileButton accept={ACCEPTED_FILES} onChange={choose}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconReplace size={16} aria-hidden />}
                  loading={replace.isPending}
                >
                  {t(media.checksum ? 'media.edit.replace' : 'media.upload.button')}
                </Button>
              )}
            </FileButton>
            <Switch
              label={t('media.upload.optimize')}
              checked={optimize}
              onChange={(e) => setOptimize(e.currentTarget.checked)}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
