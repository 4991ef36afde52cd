import { formatMoney } from '@atoll/domain/money';
import type { TCalcLine, TLineSource } from '@atoll/domain/pricing/engine-types';
import { ActionIcon, Badge, Button, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format.ts';
import { formatNumber, type TLang } from './format.ts';

type TProps = {
  lines: TCalcLine[];
  currency: string;
  lang: TLang;
  /** Staff take an option into the booking (billed from then on) or drop a taken one back to optional. */
  onChooseOption?: (line: TCalcLine, take: boolean) => void;
  busy?: boolean;
};

const NUMBER = { fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;
const COLUMNS = 7;
/** An optional supplement the guest took: a cost line that came from a non-mandatory supplement. */
const isTakenOption = (line: TCalcLine) =>
  line.type === 'cost' && line.deletable && line.customData.supplementId !== undefined;

/** A line has something to unfold: its nights with their seasons, or the steps taken on its value. */
const hasDetail = (source: TLineSource) =>
  Boolean(source.nights?.length || source.steps?.length || source.rules?.length);

/** The nights of a room line with the season that priced each, and the steps taken on the value. */
function LineDetail({ line, currency, lang }: { line: TCalcLine; currency: string; lang: TLang }) {
  const { t } = useTranslation();
  const source = line.customData;
  const seasonOf = (priceId: number) =>
    priceId === source.priceId && source.priceName
      ? source.priceName
      : t('specials.simulator.seasonId', { id: priceId });
  return (
    <Stack gap="xs" py="xs">
      {source.priceName && (
        <Text size="sm">
          {t('specials.simulator.season')}: {source.priceName}
          {source.currency && source.currency !== currency
            ? ` · ${t('specials.simulator.rate', { currency: source.currency, rate: formatNumber(source.rate, lang) })}`
            : ''}
        </Text>
      )}
      {source.nights && source.nights.length > 0 && (
        <Table
          aria-label={t('specials.simulator.nightsOf', { text: line.text })}
          withTableBorder
          maw={520}
          fz="sm"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('specials.simulator.night')}</Table.Th>
              <Table.Th>{t('specials.simulator.season')}</Table.Th>
              <Table.Th style={NUMBER}>{t('specials.simulator.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {source.nights.map((night) => (
              <Table.Tr key={night.date}>
                <Table.Td>{formatDay(night.date, lang)}</Table.Td>
                <Table.Td>{seasonOf(night.priceId)}</Table.Td>
                <Table.Td style={NUMBER}>{formatMoney(night.value, currency, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {source.steps && source.steps.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {t('specials.simulator.steps')}
          </Text>
          <List size="sm">
            {source.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </div>
      )}
      {source.rules && source.rules.length > 0 && (
        <Text size="sm">
          {t('specials.why.matched')}: {source.rules.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The calculation lines: type, text, amount × price = total and who pays; a line unfolds to explain itself.
 * Options are not billed until taken: they come last, under their own heading, so the lines above add up.
 */
export function CalcLinesTable({ lines, currency, lang, onChooseOption, busy }: TProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const byOrder = [...lines].sort((a, b) => a.sort - b.sort);
  const charged = byOrder.filter((l) => l.type !== 'option');
  const options = byOrder.filter((l) => l.type === 'option');
  const choice = (line: TCalcLine) => {
    const take = line.type === 'option';
    if (!onChooseOption || (!take && !isTakenOption(line))) return null;
    return (
      <Button
        size="compact-xs"
        variant="light"
        loading={busy}
        onClick={() => onChooseOption(line, take)}
        aria-label={t(take ? 'specials.simulator.takeOptionOf' : 'specials.simulator.dropOptionOf', {
          text: line.text,
        })}
      >
        {t(take ? 'specials.simulator.takeOption' : 'specials.simulator.dropOption')}
      </Button>
    );
  };

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('specials.simulator.lines')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('specials.simulator.lineType')}</Table.Th>
            <Table.Th>{t('specials.simulator.lineText')}</Table.Th>
            <Table.Th style={NUMBER}>{t('specials.simulator.amount')}</Table.Th>
            <Table.Th style={NUMBER}>{t('specials.simulator.price')}</Table.Th>
            <Table.Th style={NUMBER}>{t('specials.simulator.total')}</Table.Th>
            <Table.Th>{t('specials.simulator.customerType')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('specials.simulator.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...charged, ...options].map((line, index) => {
            const expandable = hasDetail(line.customData);
            const isOpen = open.has(line.key);
            const detailId = `line-detail-${line.key.replace(/[^\w-]/g, '_')}`;
            return (
              <Fragment key={line.key}>
                {index === charged.length && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Text size="sm" fw={600}>
                        {t('specials.simulator.optionalLines')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                <Table.Tr c={line.type === 'option' ? 'dimmed' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {expandable && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        mr={4}
                        onClick={() => toggle(line.key)}
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? detailId : undefined}
                        aria-label={t(
                          isOpen ? 'specials.simulator.hideDetail' : 'specials.simulator.showDetail',
                          {
                            text: line.text,
                          },
                        )}
                      >
                        {isOpen ? (
                          <IconChevronDown size={16} aria-hidden />
                        ) : (
                          <IconChevronRight size={16} aria-hidden />
                        )}
                      </ActionIcon>
                    )}
                    <Badge variant="light" radius="sm" color={line.type === 'special' ? 'blue' : 'gray'}>
                      {t(`specials.lineTypes.${line.type}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{line.text}</Table.Td>
                  <Table.Td style={NUMBER}>{formatNumber(line.amount, lang)}</Table.Td>
                  <Table.Td style={NUMBER}>{formatMoney(line.price, currency, lang)}</Table.Td>
                  <Table.Td style={{ ...NUMBER, fontWeight: 600 }}>
                    {formatMoney(line.total, currency, lang)}
                  </Table.Td>
                  <Table.Td>{t(`specials.lineCustomerTypes.${line.customerType}`)}</Table.Td>
                  <Table.Td>{choice(line)}</Table.Td>
                </Table.Tr>
                {expandable && isOpen && (
                  <Table.Tr id={detailId}>
                    <Table.Td colSpan={COLUMNS}>
                      <LineDetail line={line} currency={currency} lang={lang} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
