import { Box, Stack } from '@mantine/core';
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
      {/* A block around the flow: its column (up to 720 px) is as wide as the screen from the first paint, as
          on BookResortPage, not as wide as what has loaded, and its heading sits where public.html's shell
          put it (@atoll/domain/navigation/public-entry), so the shell's paint stays the page's LCP. */}
      <Box>
        <OnlineBookingFlow assetType="vessel" {...(vessel ? { assetId: vessel } : {})} />
      </Box>
      <LookupForm />
    </Stack>
  );
}
