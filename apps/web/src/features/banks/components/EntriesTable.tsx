import type { TBankEntry } from '@atoll/domain/banks';
import { formatMoney } from '@atoll/domain/money';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n.ts';
import { formatDay } from '../../../components/format.ts';
import { useUnassign } from '../api.ts';

type TProps = {
  entries: TBankEntry[];
  canAssign: boolean;
  onAssign: (entry: TBankEntry) => void;
};

/** Bank entries with their suggestions and assignments; assign and un-assign per entry. */
export function EntriesTable({ entries, canAssign, onAssign }: TProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const unassign = useUnassign();
  const money = (amount: string, currency: string) => formatMoney(amount, currency, lang);

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs" aria-label={t('routes.bankEntries')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('banks.entries.date')}</Table.Th>
            <Table.Th>{t('banks.entries.counterparty')}</Table.Th>
            <Table.Th>{t('banks.entries.reference')}</Table.Th>
            <Table.Th ta="right">{t('banks.entries.amount')}</Table.Th>
            <Table.Th>{t('banks.entries.matching')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => {
            const isOpen = Number(e.open) > 0;
            return (
              <Table.Tr key={e.id} data-testid={`entry-${e.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.date, lang)}</Table.Td>
                <Table.Td>{e.counterparty}</Table.Td>
                <Table.Td style={{ maxWidth: 280 }}>
                  <Text size="sm" lineClamp={2}>
                    {e.reference}
                  </Text>
                </Table.Td>
                <Table.Td
                  ta="right"
                  c={e.amount.startsWith('-') ? 'red.9' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {money(e.amount, e.currency)}
                  {Number(e.assigned) !== 0 && isOpen && (
                    <Text size="xs" c="dimmed">
                      {t('banks.entries.openRest', { open: money(e.open, e.currency) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {e.assignments.map((a) => (
                      <Group key={`${a.kind}-${a.id}`} gap={4} wrap="nowrap">
                        {/* Green's own text is below 4.5:1 on its tint: the text is the page's. */}
                        <Badge color="green" variant="light" tt="none" c="var(--mantine-color-text)">
                          {a.kind === 'payment'
                            ? t('banks.entries.paidTo', {
                                number: a.number ?? `#${a.bookingId}`,
                                amount: money(a.amount, a.currency),
                              })
                            : t('banks.entries.credited', { amount: money(a.amount, a.currency) })}
                        </Badge>
                        {canAssign && (
                          <Tooltip label={t('banks.entries.unassign')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="sm"
                              aria-label={t('banks.entries.unassign')}
                              loading={unassign.isPending}
                              onClick={() => unassign.mutate({ entryId: e.id, id: a.id, kind: a.kind })}
                            >
                              <IconUnlink size={14} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    ))}
                    {isOpen &&
                      e.suggestions.map((s) => (
                        <Badge
                          key={s.bookingId}
                          variant="outline"
                          color={s.strength === 'strong' ? 'blue' : 'gray'}
                          tt="none"
                        >
                          {t(`banks.entries.suggestion.${s.strength}`, { number: s.number })}
                        </Badge>
                      ))}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {canAssign && isOpen && (
                    <Button size="xs" variant="light" onClick={() => onAssign(e)}>
                      {t('banks.entries.assign')}
                    </Button>
                  )}
                  {e.assignments[0]?.bookingId && (
                    <Button
                      size="xs"
                      variant="subtle"
                      component={Link}
                      to={`/booking/${e.assignments[0].bookingId}`}
                      ml={4}
                    >
                      {t('banks.entries.open')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
