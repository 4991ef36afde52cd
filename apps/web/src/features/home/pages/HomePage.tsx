import { evaluateAccess, menuRoutes } from '@atoll/domain/navigation/guard';
import { findRoute, ROUTES } from '@atoll/domain/navigation/routes';
import { classifyUser, hasScope } from '@atoll/domain/scopes';
import { Alert, Grid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../app/bootstrap.ts';
import { useSession } from '../../../app/session.ts';
import { AgencyClientsCard } from '../../customers/components/AgencyClientsCard.tsx';
import { AccessCard } from '../components/AccessCard.tsx';
import { AgencyHomeCard } from '../components/AgencyHomeCard.tsx';
import { CustomerBookingsCard } from '../components/CustomerBookingsCard.tsx';
import { HomeGreeting } from '../components/HomeGreeting.tsx';
import { ModulesCard } from '../components/ModulesCard.tsx';
import { NotificationsCard } from '../components/NotificationsCard.tsx';
import { OfficeHomeCard } from '../components/OfficeHomeCard.tsx';
import { QuickLinksCard } from '../components/QuickLinksCard.tsx';
import readable from '../components/Readable.module.css';

const QUICK_LINKS = 8;

/** / : the start page of every logged-in user, fed by bootstrap, the session and the events API. */
export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const boot = useBootstrap();
  if (!user || !boot.data) return null;
  const { features, views, company } = boot.data;
  const kind = classifyUser(user);
  const sections = menuRoutes(ROUTES, user, features, views);
  const quickLinks = sections
    .flatMap((s) => s.routes)
    .filter((route) => route.name !== 'home')
    .slice(0, QUICK_LINKS);
  const mayOpen = (path: string) => {
    const route = findRoute(path);
    return route !== undefined && evaluateAccess(route, user, features, views) === 'allow';
  };
  const showNotifications = hasScope(user.scopes, ['events.read']) && views.homeNotifications !== false;
  const place = company ?? 'Atoll';
  const intro =
    kind === 'agency'
      ? t('home.intro.agency', { company: place })
      : kind === 'customer' || kind === 'nonAssignedCustomer'
        ? t('home.intro.customer', { company: place })
        : t('home.intro.internal');

  return (
    <Stack gap="lg" maw={1280} className={readable.readable}>
      <Stack gap="xs">
        <HomeGreeting user={user} company={company} />
        <Text c="dimmed" size="sm" maw={720}>
          {intro}
        </Text>
      </Stack>
      {kind === 'nonAssignedCustomer' && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('home.unassigned.title')}
        >
          {t('home.unassigned.text')}
        </Alert>
      )}
      {kind === 'agency' && (
        <AgencyHomeCard canBook={mayOpen('/booking/wizard')} canList={mayOpen('/booking/list')} />
      )}
      {kind === 'customer' && <CustomerBookingsCard />}
      {kind === 'internal' && hasScope(user.scopes, ['bookings.read']) && <OfficeHomeCard />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            {kind === 'agency' && <AgencyClientsCard />}
            <QuickLinksCard routes={quickLinks} />
            {showNotifications && <NotificationsCard userId={user.id} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <AccessCard user={user} sections={sections} canEditProfile={mayOpen('/users/profile')} />
            {kind === 'internal' && (
              <ModulesCard features={features} canConfigure={mayOpen('/config/modules')} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
