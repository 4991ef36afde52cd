import { AGENCY_TYPES } from '@atoll/domain/agencies';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { routePath } from '../../../components/routePath.ts';

/**
 * Named list filters (`/agency/filter/:fid`): a preset key opens the agency list with that filter set in
 * its URL, where it can be changed like any other. No filters are stored; these presets are all there is.
 */
const PRESETS: Record<string, Record<string, string>> = {
  active: { isActive: 'true' },
  inactive: { isActive: 'false' },
  ...Object.fromEntries(AGENCY_TYPES.map((type) => [type, { type }])),
};

export default function AgencyFilterPage() {
  const { t } = useTranslation();
  const { fid = '' } = useParams();
  const preset = Object.hasOwn(PRESETS, fid) ? PRESETS[fid] : undefined;
  if (preset) {
    return <Navigate to={`${routePath('agencies')}?${new URLSearchParams(preset)}`} replace />;
  }
  return (
    <Stack>
      <Alert color="yellow" title={t('agencies.filter.unknown')}>
        {t('agencies.filter.unknownText', { fid })}
      </Alert>
      <Anchor component={Link} to={routePath('agencies')}>
        {t('agencies.edit.backToList')}
      </Anchor>
    </Stack>
  );
}
