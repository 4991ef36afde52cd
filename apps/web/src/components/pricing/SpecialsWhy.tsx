import { formatMoney } from '@atoll/domain/money';
import type { TSpecialWhy } from '@atoll/domain/pricing/engine-types';
import { Anchor, Badge, Code, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../routePath.ts';
import type { TLang } from './format.ts';

type TProps = {
  why: TSpecialWhy[];
  currency: string;
  lang: TLang;
  /** The special of the page the simulator is on: shown first and marked. */
  highlightId?: number | undefined;
  /** Names link to the specials' pages; off for users who may not open them (agents). */
  linkSpecials?: boolean;
};

/** Applied specials first, then the others; the page's own special before all. */
function ordered(why: TSpecialWhy[], highlightId?: number) {
  const rank = (w: TSpecialWhy) => (w.specialId === highlightId ? 0 : w.applied ? 1 : 2);
  return [...why].sort((a, b) => rank(a) - rank(b));
}

function WhyEntry({
  entry,
  names,
  currency,
  lang,
  isOwn,
  isLinked,
}: {
  entry: TSpecialWhy;
  names: Map<number, string>;
  currency: string;
  lang: TLang;
  isOwn: boolean;
  isLinked: boolean;
}) {
  const { t } = useTranslation();
  const beatenBy =
    entry.beatenBy === undefined ? undefined : (names.get(entry.beatenBy) ?? `#${entry.beatenBy}`);
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {isLinked ? (
              <Anchor
                component={Link}
                to={routePath('specialEdit', { id: entry.specialId })}
                fw={600}
                size="sm"
              >
                {entry.name}
              </Anchor>
            ) : (
              <Text fw={600} size="sm">
                {entry.name}
              </Text>
            )}
            {isOwn && (
              <Badge variant="outline" radius="sm" color="blue">
                {t('specials.why.thisSpecial')}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {entry.applied && entry.amount !== undefined && (
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(entry.amount, currency, lang)}
              </Text>
            )}
            <Badge
              color={entry.applied ? 'blue' : 'gray'}
              variant="light"
              radius="sm"
              style={{ minWidth: 'max-content' }}
            >
              {t(entry.applied ? 'specials.why.applied' : 'specials.why.notApplied')}
            </Badge>
          </Group>
        </Group>
        {!entry.applied && (
          <Text size="sm">
            {t(`specials.why.reasons.${entry.reason}`, { defaultValue: entry.reason })}
            {beatenBy ? ` ${t('specials.why.beatenBy', { name: beatenBy })}` : ''}
          </Text>
        )}
        {entry.failedRule && (
          <Text size="sm">
            {t('specials.why.failedRule')}: <Code>{entry.failedRule.text}</Code>
          </Text>
        )}
        {entry.matchedRules && entry.matchedRules.length > 0 && (
          <div>
            <Text size="sm">{t('specials.why.matched')}:</Text>
            <List size="sm">
              {entry.matchedRules.map((rule) => (
                <List.Item key={rule}>
                  <Code>{rule}</Code>
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** Why each special was applied (amount, matched rules) or not (the reason and the first failed rule). */
export function SpecialsWhy({ why, currency, lang, highlightId, linkSpecials = true }: TProps) {
  const { t } = useTranslation();
  if (why.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('specials.why.none')}
      </Text>
    );
  const names = new Map(why.map((w) => [w.specialId, w.name]));
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('specials.why.title')}
    >
      {ordered(why, highlightId).map((entry) => (
        <WhyEntry
          key={entry.specialId}
          entry={entry}
          names={names}
          currency={currency}
          lang={lang}
          isOwn={entry.specialId === highlightId}
          isLinked={linkSpecials}
        />
      ))}
    </Stack>
  );
}
