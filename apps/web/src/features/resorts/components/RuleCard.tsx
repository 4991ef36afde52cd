import {
  ARRIVAL_DEPARTURE_KINDS,
  type TArrivalDepartureKind,
  type TArrivalDepartureRule,
} from '@atoll/domain/inventory/resorts';
import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { useDeleteRule, useSaveRule } from '../api.ts';
import { WEEKDAYS_MONDAY_FIRST, weekdayName } from './weekdays.ts';

type TRuleForm = {
  kind: TArrivalDepartureKind;
  weekdays: string[];
  validFrom: string;
  validTo: string;
  note: string;
};

const FIELDS = ['kind', 'weekdays', 'validFrom', 'validTo', 'note'];

const toForm = (rule?: TArrivalDepartureRule): TRuleForm => ({
  kind: rule?.kind ?? 'arrival',
  weekdays: (rule?.weekdays ?? []).map(String),
  validFrom: rule?.validFrom ?? '',
  validTo: rule?.validTo ?? '',
  note: rule?.note ?? '',
});

type TProps = {
  resortId: number;
  /** None: a new rule, which `onDone` removes from the screen once saved or dropped. */
  rule?: TArrivalDepartureRule;
  index: number;
  editable: boolean;
  onDone?: () => void;
};

/** One allowed-days rule of a resort: which kind, on which weekdays, from when until when. */
export function RuleCard({ resortId, rule, index, editable, onDone }: TProps) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<TRuleForm>(() => toForm(rule));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useSaveRule();
  const remove = useDeleteRule();
  const set = <K extends keyof TRuleForm>(key: K, value: TRuleForm[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));
  const title = t('resorts.dates.ruleTitle', { n: index + 1 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      resortId,
      kind: form.kind,
      weekdays: form.weekdays.map(Number).sort((a, b) => a - b),
      validFrom: form.validFrom || null,
      validTo: form.validTo || null,
      note: form.note.trim() || null,
    };
    save.mutate(
      { ...(rule ? { id: rule.id } : {}), body },
      {
        onSuccess: () => {
          setErrors({});
          showSuccess(t(rule ? 'common.saved' : 'common.created'));
          onDone?.();
        },
        onError: (error) => setErrors(fieldErrorsOf(error, FIELDS)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label={title} noValidate>
      {errors[''] && (
        <Alert color="red" mb="sm">
          {errors['']}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Select
          label={t('resources.arrivaldeparture.fields.kind')}
          data={ARRIVAL_DEPARTURE_KINDS.map((k) => ({ value: k, label: t(`resorts.dates.kinds.${k}`) }))}
          value={form.kind}
          onChange={(value) => value && set('kind', value as TArrivalDepartureKind)}
          allowDeselect={false}
          error={errors.kind}
          disabled={!editable}
        />
        <TextInput
          type="date"
          label={t('resources.arrivaldeparture.fields.validFrom')}
          value={form.validFrom}
          onChange={(e) => set('validFrom', e.currentTarget.value)}
          error={errors.validFrom}
          disabled={!editable}
        />
        <TextInput
          type="date"
          label={t('resources.arrivaldeparture.fields.validTo')}
          value={form.validTo}
          onChange={(e) => set('validTo', e.currentTarget.value)}
          error={errors.validTo}
          disabled={!editable}
        />
        <TextInput
          label={t('resources.arrivaldeparture.fields.note')}
          value={form.note}
          onChange={(e) => set('note', e.currentTarget.value)}
          error={errors.note}
          disabled={!editable}
        />
      </SimpleGrid>
      <Checkbox.Group
        mt="sm"
        label={t('resources.arrivaldeparture.fields.weekdays')}
        description={t('resorts.dates.weekdaysHint')}
        value={form.weekdays}
        onChange={(value) => set('weekdays', value)}
        error={errors.weekdays}
      >
        <Group mt="xs">
          {WEEKDAYS_MONDAY_FIRST.map((day) => (
            <Checkbox
              key={day}
              value={String(day)}
              label={weekdayName(day, i18n.language, 'long')}
              disabled={!editable}
            />
          ))}
        </Group>
      </Checkbox.Group>
      {editable && (
        <Group justify="flex-end" mt="md">
          {rule ? (
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(rule.id, { onSuccess: () => showSuccess(t('common.deleted')) })}
            >
              {t('common.delete')}
            </Button>
          ) : (
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t(rule ? 'common.save' : 'common.create')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
