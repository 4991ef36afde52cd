import { formatMoney } from '@atoll/domain/money';
import type { TPricingProblem, TPricingResult, TTotals } from '@atoll/domain/pricing/engine-types';
import { Alert, DataList, List, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { READABLE_TITLE } from '../../../components/DetailPage.tsx';
import { CalcLinesTable } from './CalcLinesTable.tsx';
import { formatDay, formatNumber, type TLang } from './format.ts';
import { SpecialsWhy } from './SpecialsWhy.tsx';

type TProps = {
  result: TPricingResult;
  lang: TLang;
  highlightId?: number | undefined;
  /** Room type names by id, for the problems that name one. */
  roomTypeName: (id: number) => string;
};

const MONEY_TOTALS = [
  'total',
  'dueBeforeTravel',
  'agencyDue',
  'customerDue',
  'onSite',
  'tax',
  'net',
] as const;

/** Why a draft could not be priced completely (no season for a night, no exchange rate, too few nights). */
function Problems({
  problems,
  lang,
  roomTypeName,
}: {
  problems: TPricingProblem[];
  lang: TLang;
  roomTypeName: TProps['roomTypeName'];
}) {
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

function Totals({ totals, currency, lang }: { totals: TTotals; currency: string; lang: TLang }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, currency, lang);
  const source = totals.commissionSource
    ? t(`specials.simulator.commissionSources.${totals.commissionSource}`)
    : t('common.none');
  return (
    <DataList labelWidth={200} withDivider>
      {MONEY_TOTALS.map((key) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{t(`specials.simulator.totalsOf.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue
            style={{ fontVariantNumeric: 'tabular-nums', fontWeight: key === 'total' ? 700 : undefined }}
          >
            {money(totals[key])}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
      <DataList.Item>
        <DataList.ItemLabel>{t('specials.simulator.totalsOf.commission')}</DataList.ItemLabel>
        <DataList.ItemValue style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('specials.simulator.commissionText', {
            amount: money(totals.commission),
            percent: formatNumber(totals.commissionPercent, lang),
            base: money(totals.commissionBase),
            source,
          })}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}

/** The priced draft: problems, lines, totals and the why of every special. */
export function SimulatorResult({ result, lang, highlightId, roomTypeName }: TProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Problems problems={result.problems} lang={lang} roomTypeName={roomTypeName} />
      <div>
        <Title order={4} mb="xs">
          {t('specials.simulator.lines')}
        </Title>
        <CalcLinesTable lines={result.lines} currency={result.currency} lang={lang} />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={4} mb="xs">
            {t('specials.simulator.totals')}
          </Title>
          <Totals totals={result.totals} currency={result.currency} lang={lang} />
        </div>
        <div>
          <Title order={4} mb="xs">
            {t('specials.why.title')}
          </Title>
          <SpecialsWhy why={result.why} currency={result.currency} lang={lang} highlightId={highlightId} />
        </div>
      </SimpleGrid>
    </Stack>
  );
}
