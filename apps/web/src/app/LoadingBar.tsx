import { Progress } from '@mantine/core';
import { useIsLoading } from './loading.ts';

/** A thin bar at the top of the window while API calls run. */
export function LoadingBar() {
  const loading = useIsLoading();
  if (!loading) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      aria-label="loading"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
