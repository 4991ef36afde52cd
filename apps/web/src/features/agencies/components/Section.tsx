import { Fieldset } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields in the agency form. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Fieldset
    legend={title}
    miw={0}
    styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
  >
    {children}
  </Fieldset>
);
