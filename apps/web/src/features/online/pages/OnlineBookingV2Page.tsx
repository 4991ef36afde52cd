import { Stack } from '@mantine/core';
import { LookupForm } from '../components/LookupForm.tsx';
import { OnlineBookingFlow } from '../components/OnlineBookingFlow.tsx';

const idParam = (name: string) => {
  const v = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

/** /book/online and /book/online-v2: a liveaboard departure, booked by a guest on a phone. */
export default function BookOnlinePage() {
  const vessel = idParam('vessel');
  return (
    <Stack gap="lg" py="md" component="main">
      <OnlineBookingFlow assetType="vessel" {...(vessel ? { assetId: vessel } : {})} />
      <LookupForm />
    </Stack>
  );
}
