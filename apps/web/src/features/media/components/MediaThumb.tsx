import type { TMedia } from '@atoll/domain/inventory/media';
import { Center, Image } from '@mantine/core';
import { IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { mediaUrl } from '../../../components/media/mediaUrl.ts';

/** The webp preview of an image, or an icon for a document or a record without a file yet. */
export function MediaThumb({ media, alt, height = 120 }: { media: TMedia; alt: string; height?: number }) {
  if (media.type === 'image' && media.checksum) {
    return (
      <Image
        src={mediaUrl(media.id, { thumb: true, version: media.checksum })}
        alt={alt}
        h={height}
        fit="cover"
        loading="lazy"
      />
    );
  }
  const Icon = media.type === 'document' && media.checksum ? IconFileTypePdf : IconPhotoOff;
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)">
      <Icon size={40} aria-hidden />
    </Center>
  );
}
