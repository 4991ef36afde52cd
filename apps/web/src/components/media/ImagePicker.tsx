import { hasScope } from '@atoll/domain/scopes';
import { ActionIcon, Button, Card, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/messages.ts';
import { useSession } from '../../app/session.ts';
import { useMediaByIds, useUploadMedia } from '../../features/media/api.ts';
import { captionOf, mediaErrorText } from '../../features/media/components/format.ts';
import { MediaLibraryModal } from '../../features/media/components/MediaLibraryModal.tsx';
import { mediaUrl } from './mediaUrl.ts';

export type TImagePickerProps = {
  label?: string;
  /** Media ids in display order; the first is the main image. */
  value: number[];
  onChange: (ids: number[]) => void;
  max?: number;
  disabled?: boolean;
};

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** Images of a record (room, room type, resort, vessel, tour) chosen from or uploaded to the media library. */
export function ImagePicker({ label, value, onChange, max, disabled = false }: TImagePickerProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canUpload = hasScope(user?.scopes ?? [], ['media.create']);
  const labelId = useId();
  const [browsing, setBrowsing] = useState(false);
  const known = useMediaByIds(value);
  const upload = useUploadMedia();
  const isFull = max !== undefined && value.length >= max;

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(index + by, 0, id);
    onChange(next);
  };
  const add = (ids: number[]) =>
    onChange([...value, ...ids.filter((id) => !value.includes(id))].slice(0, max));
  // Uploads from a record's form are always optimized: they are photos for the booking pages.
  const uploadFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { file, optimize: true },
      { onSuccess: (media) => add([media.id]), onError: (error) => showError(mediaErrorText(error, t)) },
    );
  };

  return (
    <Stack gap={4} role="group" aria-labelledby={label ? labelId : undefined}>
      {label && (
        <Text id={labelId} size="sm" fw={500}>
          {label}
        </Text>
      )}
      <Stack gap="xs">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('media.picker.none')}
          </Text>
        )}
        <Group gap="xs">
          {value.map((id, index) => {
            const media = known.data?.get(id);
            const name = media?.name ?? `#${id}`;
            return (
              <Card key={id} withBorder padding={4} radius="sm" w={132} data-testid="picked-image">
                <Image
                  src={mediaUrl(id, { thumb: true, version: media?.checksum })}
                  alt={media ? captionOf(media, i18n.language) : name}
                  h={84}
                  fit="cover"
                  radius="xs"
                />
                <Text size="xs" lineClamp={1} mt={2}>
                  {index === 0 ? `${t('media.picker.main')}: ${name}` : name}
                </Text>
                <Group gap={2} justify="center" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('media.picker.moveLeft', { name })}
                  >
                    <IconChevronLeft size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={disabled || index === value.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('media.picker.moveRight', { name })}
                  >
                    <IconChevronRight size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    disabled={disabled}
                    onClick={() => onChange(value.filter((x) => x !== id))}
                    aria-label={t('media.picker.remove', { name })}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            );
          })}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhotoPlus size={16} aria-hidden />}
            disabled={disabled || isFull}
            onClick={() => setBrowsing(true)}
          >
            {t('media.picker.add')}
          </Button>
          {canUpload && (
            <FileButton accept={IMAGE_TYPES} onChange={uploadFile} disabled={disabled || isFull}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  {t('media.picker.upload')}
                </Button>
              )}
            </FileButton>
          )}
          {max !== undefined && (
            <Text size="xs" c="dimmed">
              {t('media.picker.count', { count: value.length, max })}
            </Text>
          )}
        </Group>
      </Stack>
      {browsing && (
        <MediaLibraryModal
          exclude={value}
          remaining={max === undefined ? undefined : max - value.length}
          onClose={() => setBrowsing(false)}
          onPick={(ids) => {
            add(ids);
            setBrowsing(false);
          }}
        />
      )}
    </Stack>
  );
}
