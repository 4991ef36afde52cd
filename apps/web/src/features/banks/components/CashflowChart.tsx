import type { TBalance } from '@atoll/domain/banks';
import { formatMoney } from '@atoll/domain/money';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 8, right: 8, top: 12, bottom: 28 };
const COLORS = {
  in: 'var(--mantine-color-teal-7)',
  out: 'var(--mantine-color-red-7)',
  balance: 'var(--mantine-color-blue-8)',
};

/**
 * In and out per month as bars and the running balance as a line, drawn as SVG (the chart package is not
 * installed here). The numbers are in the table below it; the chart is labelled for screen readers.
 */
export function CashflowChart({ data }: { data: TBalance }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const periods = data.periods;
  const values = periods.flatMap((p) => [Number(p.in), -Number(p.out), Number(p.balance)]);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * innerH;
  const slot = innerW / Math.max(1, periods.length);
  const bar = Math.max(2, slot * 0.3);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const line = periods
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(Number(p.balance)).toFixed(1)}`)
    .join(' ');
  const label = t('banks.cashflow.chartLabel', {
    from: data.from,
    to: data.to,
    closing: formatMoney(data.closing, data.currency, lang),
  });

  return (
    <Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={label}
        style={{ maxHeight: 320 }}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-5)" />
        {periods.map((p, i) => (
          <g key={p.period}>
            <rect
              x={x(i) - bar}
              y={y(Number(p.in))}
              width={bar}
              height={Math.max(0, y(0) - y(Number(p.in)))}
              fill={COLORS.in}
            />
            <rect
              x={x(i)}
              y={y(0)}
              width={bar}
              height={Math.max(0, y(-Number(p.out)) - y(0))}
              fill={COLORS.out}
            />
            <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="currentColor">
              {p.period.slice(2, 7)}
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke={COLORS.balance} strokeWidth={2.5} />
      </svg>
      <Group gap="lg" mt={4}>
        {(['in', 'out', 'balance'] as const).map((key) => (
          <Group key={key} gap={6}>
            <Box w={12} h={12} style={{ background: COLORS[key], borderRadius: 2 }} aria-hidden />
            <Text size="sm">{t(`banks.cashflow.${key}`)}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
