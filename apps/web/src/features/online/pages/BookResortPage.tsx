import { Stack } from '@mantine/core';
import { LookupForm } from '../components/LookupForm.tsx';
import { OnlineBookingFlow } from '../components/OnlineBookingFlow.tsx';

const idParam = (name: string) => {
  const v = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

/** /book/resort and /book/resort-v2: a resort stay, booked by a guest on a phone. */
export default function BookResortPage() {
  const resort = idParam('resort');
  return (
    <Stack gap="lg" py="md" component="main">
      <OnlineBookingFlow assetType="resort" {...(resort ? { assetId: resort } : {})} />
      <LookupForm />
    </Stack>
  );
}
