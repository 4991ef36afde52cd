import { FEATURES, type TFeature } from '@atoll/domain/constants';
import { Anchor, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type TProps = { features: Record<TFeature, boolean>; canConfigure: boolean };

/** The feature switches that are on in this installation. */
export function ModulesCard({ features, canConfigure }: TProps) {
  const { t } = useTranslation();
  const enabled = FEATURES.filter((feature) => features[feature]);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-modules">
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id="home-modules">
          {t('home.modules.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('home.modules.count', { count: enabled.length, total: FEATURES.length })}
        </Text>
      </Group>
      {enabled.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('home.modules.none')}
        </Text>
      ) : (
        <List
          spacing={6}
          size="sm"
          center
          icon={
            <ThemeIcon color="teal" variant="light" size={20} radius="xl" aria-hidden>
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          {enabled.map((feature) => (
            <List.Item key={feature}>{t(`features.${feature}`)}</List.Item>
          ))}
        </List>
      )}
      {canConfigure && (
        <Anchor component={Link} to="/config/modules" size="sm" mt="md" display="inline-block">
          {t('home.modules.configure')}
        </Anchor>
      )}
    </Card>
  );
}
