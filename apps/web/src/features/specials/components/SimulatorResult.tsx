import { formatMoney } from '@atoll/domain/money';
import type { TSimulateResult, TVisibleTotals } from '@atoll/domain/pricing/engine-types';
import { DataList, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CalcLinesTable } from '../../../components/pricing/CalcLinesTable.tsx';
import { formatNumber, type TLang } from '../../../components/pricing/format.ts';
import { PricingProblems } from '../../../components/pricing/PricingProblems.tsx';
import { SpecialsWhy } from '../../../components/pricing/SpecialsWhy.tsx';

type TProps = {
  /** An agent's answer lacks the commission totals: their row is left out. */
  result: TSimulateResult;
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

function Totals({ totals, currency, lang }: { totals: TVisibleTotals; currency: string; lang: TLang }) {
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
      {totals.commission !== undefined && (
        <DataList.Item>
          <DataList.ItemLabel>{t('specials.simulator.totalsOf.commission')}</DataList.ItemLabel>
          <DataList.ItemValue style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('specials.simulator.commissionText', {
              amount: money(totals.commission),
              percent: formatNumber(totals.commissionPercent ?? '0', lang),
              base: money(totals.commissionBase ?? '0'),
              source,
            })}
          </DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList>
  );
}

/** The priced draft: problems, lines, totals and the why of every special. */
export function SimulatorResult({ result, lang, highlightId, roomTypeName }: TProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PricingProblems problems={result.problems} lang={lang} roomTypeName={roomTypeName} />
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
