import type { TMedia } from '@atoll/domain/inventory/media';
import { Anchor, Card, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { captionOf, mediaFacts } from './format.ts';
import { MediaThumb } from './MediaThumb.tsx';

type TProps = {
  items: TMedia[];
  selected: number[];
  onToggle: (id: number) => void;
  /** The address of a media's page: its name becomes a link. */
  linkTo?: ((media: TMedia) => string) | undefined;
};

/** Thumbnails with name and size; each has a checkbox for picking or moving several at once. */
export function MediaGrid({ items, selected, onToggle, linkTo }: TProps) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="xl" ta="center">
        {t('media.list.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {items.map((media) => (
        <Card key={media.id} withBorder padding="xs" radius="md" data-testid="media-card">
          <Card.Section>
            <MediaThumb media={media} alt={captionOf(media, i18n.language)} />
          </Card.Section>
          <Group gap={6} mt="xs" wrap="nowrap" align="flex-start">
            <Checkbox
              size="xs"
              mt={3}
              checked={selected.includes(media.id)}
              onChange={() => onToggle(media.id)}
              aria-label={t('media.list.select', { name: media.name })}
            />
            <div style={{ minWidth: 0 }}>
              {linkTo ? (
                <Anchor component={Link} to={linkTo(media)} size="sm" fw={500} lineClamp={1}>
                  {media.name}
                </Anchor>
              ) : (
                <Text size="sm" fw={500} lineClamp={1}>
                  {media.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {mediaFacts(media, i18n.language) || t('media.list.noFile')}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
