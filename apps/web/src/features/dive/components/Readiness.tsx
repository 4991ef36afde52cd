import type { TReadiness } from '@atoll/domain/dive/readiness';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "ready", or what the diver is missing, as badges. */
export function Readiness({ readiness }: { readiness: TReadiness }) {
  const { t } = useTranslation();
  if (readiness.ready)
    return (
      <Badge color="teal" variant="light" c="var(--mantine-color-text)">
        {t('dive.plan.ready')}
      </Badge>
    );
  return (
    <Group gap={4}>
      {readiness.missing.map((gap) => (
        <Badge key={gap} color="orange" variant="light" c="var(--mantine-color-text)">
          {t(`dive.gaps.${gap}`)}
        </Badge>
      ))}
    </Group>
  );
}
