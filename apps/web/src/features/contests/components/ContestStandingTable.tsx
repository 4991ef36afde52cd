import type { TContestStanding } from '@atoll/domain/contests';
import { formatMoney } from '@atoll/domain/money';
import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';

/** A standing's figure as the language writes it: money for revenue, else a count. */
export function useFigure(standing: TContestStanding | undefined) {
  const lang = currentLanguage();
  return (figure: string) =>
    standing?.currency
      ? formatMoney(figure, standing.currency, lang)
      : new Intl.NumberFormat(lang).format(Number(figure));
}

/**
 * The standing's lines: rank, agency and figure (the office sees every agency, an agent its own); `onRemove`: the
 * office takes an agency out.
 */
export function ContestStandingTable({
  standing,
  onRemove,
}: {
  standing: TContestStanding;
  onRemove?: (agencyId: number) => void;
}) {
  const { t } = useTranslation();
  const figure = useFigure(standing);
  if (standing.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('contests.standing.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t('contests.standing.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contests.standing.rank')}</Table.Th>
            <Table.Th>{t('contests.standing.agency')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t(`contests.metrics.${standing.metric}`)}</Table.Th>
            {onRemove && (
              <Table.Th>
                <VisuallyHidden>{t('contests.agent.unsubscribe')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {standing.rows.map((row) => (
            <Table.Tr key={row.agencyId}>
              <Table.Td>{row.rank}</Table.Td>
              <Table.Td>{row.agencyName}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{figure(row.figure)}</Table.Td>
              {onRemove && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('contests.standing.remove', { agency: row.agencyName })}
                    onClick={() => onRemove(row.agencyId)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
