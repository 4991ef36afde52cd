import type { TRouteDef } from '@atoll/domain/navigation/routes';
import { Card, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeIcon } from '../../../app/icons.ts';
import classes from './QuickLinks.module.css';

/** The first menu entries this user may open, as large targets. */
export function QuickLinksCard({ routes }: { routes: readonly TRouteDef[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-quick-links">
      <Title order={2} size="h4" id="home-quick-links" mb="md">
        {t('home.quickLinks.title')}
      </Title>
      {routes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('home.quickLinks.empty')}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, xl: 3 }}
          spacing="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {routes.map((route) => {
            const Icon = routeIcon(route.icon);
            return (
              <li key={route.path}>
                <UnstyledButton component={Link} to={route.path} className={classes.tile}>
                  <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                    <Icon size={20} stroke={1.6} />
                  </ThemeIcon>
                  <Text fw={500} size="sm" lh={1.3} className={classes.label}>
                    {t(`routes.${route.name}`)}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
