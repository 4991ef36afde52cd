import type { TMenuSection } from '@atoll/domain/navigation/guard';
import { ADMIN_SCOPE, classifyUser } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { Badge, Button, Card, Code, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type TProps = { user: TSessionUser; sections: readonly TMenuSection[]; canEditProfile: boolean };

/**
 * Who is logged in, as what, and (for the operator's own users) which areas and permissions that opens; an
 * agent or a customer has its menu and needs no list of areas or scope codes.
 */
export function AccessCard({ user, sections, canEditProfile }: TProps) {
  const { t } = useTranslation();
  const [showCodes, codes] = useDisclosure(false);
  const codesId = useId();
  const isAdmin = user.scopes.includes(ADMIN_SCOPE);
  const kind = classifyUser(user);
  const areas = sections.filter((s) => s.section !== 'base');
  const scopes = [...user.scopes].sort();
  const internal = kind === 'internal';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-access">
      <Stack gap="sm">
        <Title order={2} size="h4" id="home-access">
          {t('home.access.title')}
        </Title>
        <div>
          <Text fw={600}>{user.name || user.email}</Text>
          {user.name && (
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          )}
        </div>
        <Group gap={6}>
          {isAdmin && <Badge color="grape">{t('home.access.admin')}</Badge>}
          <Badge variant="light">{t(`home.access.kind.${kind}`)}</Badge>
          <Badge variant="outline" color="gray">
            {t(`home.access.userType.${user.userType}`)}
          </Badge>
        </Group>
        {internal && (
          <>
            {isAdmin ? (
              <Text size="sm">{t('home.access.adminText')}</Text>
            ) : areas.length > 0 ? (
              <div>
                <Text size="sm" mb={6}>
                  {t('home.access.areas')}
                </Text>
                <Group gap={6}>
                  {areas.map((s) => (
                    <Badge key={s.section} variant="dot" color="blue" tt="none" fw={500}>
                      {t(`sections.${s.section}`)}
                    </Badge>
                  ))}
                </Group>
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                {t('home.access.noAreas')}
              </Text>
            )}
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                px={4}
                onClick={codes.toggle}
                aria-expanded={showCodes}
                aria-controls={codesId}
                rightSection={
                  <IconChevronDown
                    size={14}
                    aria-hidden
                    style={{
                      transform: showCodes ? 'rotate(180deg)' : undefined,
                      transition: 'transform 150ms',
                    }}
                  />
                }
              >
                {t('home.access.scopeCount', { count: scopes.length })}
              </Button>
              <Collapse expanded={showCodes} id={codesId}>
                <Group gap={4} mt={6}>
                  {scopes.map((scope) => (
                    <Code key={scope}>{scope}</Code>
                  ))}
                </Group>
              </Collapse>
            </div>
          </>
        )}
        {canEditProfile && (
          <Button
            component={Link}
            to="/users/profile"
            variant="light"
            leftSection={<IconUserCircle size={18} aria-hidden />}
          >
            {t('home.access.profile')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
