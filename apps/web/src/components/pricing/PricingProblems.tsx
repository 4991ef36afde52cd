import type { TPricingProblem } from '@atoll/domain/pricing/engine-types';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { READABLE_TITLE } from '../DetailPage.tsx';
import { formatDay } from '../format.ts';
import type { TLang } from './format.ts';

type TProps = {
  problems: TPricingProblem[];
  lang: TLang;
  /** Room type names by id, for the problems that name one; default `#id`. */
  roomTypeName?: (id: number) => string;
};

const byId = (id: number) => `#${id}`;

/** Why a draft could not be priced completely (no season for a night, no exchange rate, too few nights). */
export function PricingProblems({ problems, lang, roomTypeName = byId }: TProps) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('specials.simulator.problemsTitle')}
      styles={READABLE_TITLE}
    >
      <List size="sm">
        {problems.map((p) => (
          <List.Item
            key={`${p.code}-${p.roomKey ?? ''}-${p.date ?? ''}-${p.roomTypeId ?? ''}-${p.currency ?? ''}`}
          >
            {t(`specials.simulator.problems.${p.code}`, {
              date: formatDay(p.date, lang),
              roomType: p.roomTypeId ? roomTypeName(p.roomTypeId) : '',
              currency: p.currency ?? '',
            })}
            {p.detail ? ` (${p.detail})` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
