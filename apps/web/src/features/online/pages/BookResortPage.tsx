import { Box, Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
import { LookupForm } from '../components/LookupForm.tsx';
import { OnlineBookingFlow } from '../components/OnlineBookingFlow.tsx';

const idParam = (name: string) => {
  const v = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

/** The search step's height on a phone (heading, month, six weeks of days): px. */
const RESERVED_HEIGHT = 560;

/** /book/resort and /book/resort-v2: a resort stay, booked by a guest on a phone. */
export default function BookResortPage() {
  const resort = idParam('resort');
  // The lookup sits below the reserved search step: it is rendered right after the first one, in a
  // deferred render that React splits into short slices, so the page's first render stays short.
  const belowFold = useDeferredValue(true, false);
  return (
    <Stack gap="lg" py="md" component="main">
      {/* The month's days arrive after the first paint: their room is kept so nothing below jumps (CLS). */}
      <Box mih={RESERVED_HEIGHT}>
        <OnlineBookingFlow assetType="resort" {...(resort ? { assetId: resort } : {})} />
      </Box>
      {belowFold && <LookupForm />}
    </Stack>
  );
}
