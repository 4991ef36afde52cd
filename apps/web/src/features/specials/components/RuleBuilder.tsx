import { operatorsFor, RULE_FIELD_NAMES, RULE_FIELDS, type TRuleField } from '@atoll/domain/pricing/entities';
import { ActionIcon, Alert, Button, Grid, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RuleValueInput } from './RuleValueInput.tsx';
import {
  changeField,
  changeOperator,
  isIncomplete,
  newRule,
  OPERATOR_SIGNS,
  type TRuleRow,
} from './ruleValues.ts';

type TProps = {
  rules: TRuleRow[];
  onChange: (rules: TRuleRow[]) => void;
  /** Marks rows without a value (after a save attempt). */
  showIncomplete: boolean;
  error?: string | undefined;
  disabled?: boolean;
};

const LEVELS = ['booking', 'room', 'night', 'person'] as const;
const FIRST_FIELD: TRuleField = 'DaysBeforeTravelDate';

/** Field choices grouped by level, each named in the UI language with the API name beside it. */
function useFieldOptions() {
  const { t } = useTranslation();
  return LEVELS.map((level) => ({
    group: t(`specials.levels.${level}`),
    items: RULE_FIELD_NAMES.filter((f) => RULE_FIELDS[f].level === level).map((f) => {
      const name = t(`specials.ruleFields.${f}.label`);
      // The API name is what the why texts show ("DaysBeforeTravelDate 58 < 60"): keep it findable.
      return { value: f, label: name === f ? name : `${name} (${f})` };
    }),
  }));
}

/**
 * The rule builder: rows of field → operator → value. All rules must hold; a special without rules
 * always matches (docs/domain/specials.md). Operators and the value picker follow the field's kind.
 */
export function RuleBuilder({ rules, onChange, showIncomplete, error, disabled }: TProps) {
  const { t } = useTranslation();
  const fieldOptions = useFieldOptions();
  const put = (index: number, row: TRuleRow) => onChange(rules.map((r, i) => (i === index ? row : r)));
  const remove = (index: number) => onChange(rules.filter((_, i) => i !== index));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(rules.length ? 'specials.rules.allMustHold' : 'specials.rules.none')}
      </Text>
      {error && <Alert color="red">{error}</Alert>}
      {rules.map((row, index) => {
        const label = t('specials.rules.ruleN', { n: index + 1 });
        return (
          <Paper key={row.key} withBorder p="sm" radius="md" role="group" aria-label={label}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Grid gap="sm" style={{ flex: 1 }}>
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <Select
                    label={t('specials.rules.field')}
                    data={fieldOptions}
                    value={row.field}
                    onChange={(f) => f && put(index, changeField(row, f as TRuleField))}
                    description={`${row.field} – ${t(`specials.ruleFields.${row.field}.hint`)}`}
                    // The hint under the field keeps the three inputs of a row in line.
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    searchable
                    allowDeselect={false}
                    disabled={disabled}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Select
                    label={t('specials.rules.operator')}
                    data={operatorsFor(row.field).map((op) => ({
                      value: op,
                      label: `${OPERATOR_SIGNS[op]} ${t(`specials.operators.${op}`)}`,
                    }))}
                    value={row.operator}
                    onChange={(op) => op && put(index, changeOperator(row, op as TRuleRow['operator']))}
                    allowDeselect={false}
                    disabled={disabled}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <RuleValueInput
                    row={row}
                    label={t('specials.rules.value')}
                    onChange={(value) => put(index, { ...row, value })}
                    error={showIncomplete && isIncomplete(row) ? t('form.invalid.required') : undefined}
                    disabled={disabled}
                  />
                </Grid.Col>
              </Grid>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  onClick={() => remove(index)}
                  aria-label={t('specials.rules.remove', { n: index + 1 })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        );
      })}
      {!disabled && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...rules, newRule(FIRST_FIELD)])}
          >
            {t('specials.rules.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
