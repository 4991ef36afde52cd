import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnlineBookingFlow } from '../components/OnlineBookingFlow.tsx';

/** /book and /book/preview (back office): the guest's flow with an asset choice; preview = price only. */
export default function BookStaffPage() {
  const { t } = useTranslation();
  const preview = location.pathname.startsWith('/book/preview');
  const [assetType, setAssetType] = useState<'vessel' | 'resort'>('vessel');
  return (
    <Stack gap="md" py="md">
      <SegmentedControl
        mx="auto"
        value={assetType}
        onChange={(v) => setAssetType(v === 'resort' ? 'resort' : 'vessel')}
        data={[
          { value: 'vessel', label: t('online.liveaboard') },
          { value: 'resort', label: t('online.resortStay') },
        ]}
        aria-label={t('online.assetChoice')}
      />
      <OnlineBookingFlow key={assetType} assetType={assetType} preview={preview} />
    </Stack>
  );
}
