import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import NotFoundPage from '../../system/pages/NotFoundPage.tsx';
import { SETTINGS_TYPES } from '../settingsTypes.ts';

/** /config/settings/:type: one settings screen per type; an unknown type is not found. */
export default function SettingsTypePage() {
  const { t } = useTranslation();
  const { type = '' } = useParams();
  const entry = Object.hasOwn(SETTINGS_TYPES, type) ? SETTINGS_TYPES[type] : undefined;
  if (!entry) return <NotFoundPage />;
  const Page = entry.page;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/config" size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('routes.config')}
      </Anchor>
      {!entry.ownTitle && (
        <PageHeader title={t(`config.types.${type}`)} intro={t(`config.types.${type}Intro`)} />
      )}
      <Page key={type} />
    </Stack>
  );
}
