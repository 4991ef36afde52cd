import type { TSpecial } from '@atoll/domain/pricing/entities';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAdjustments, IconDiscount, IconFilter, IconTag } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useSaveSpecial } from '../api.ts';
import { RuleBuilder } from './RuleBuilder.tsx';
import { SpecialBasicsFields, type TSetField } from './SpecialBasicsFields.tsx';
import { SpecialDiscountFields } from './SpecialDiscountFields.tsx';
import { SpecialFlagsFields } from './SpecialFlagsFields.tsx';
import {
  checkSpecialForm,
  SPECIAL_FIELDS,
  type TSpecialForm,
  toSpecialBody,
  toSpecialForm,
} from './specialForm.ts';

type TProps = {
  special?: TSpecial;
  onSaved: (special: TSpecial) => void;
  /** False: the form is shown read-only (the user may not write specials). */
  canSave: boolean;
  extraActions?: ReactNode;
};

/** The messages of the form's own checks (the server's come translated by code). */
const CHECK_KEYS: Record<string, string> = {
  required: 'form.invalid.required',
  dateOrder: 'specials.edit.invalid.dateOrder',
  amount: 'specials.edit.invalid.amount',
  percent: 'specials.edit.invalid.percent',
  incompleteRule: 'specials.edit.invalid.incompleteRule',
};

/** The server names a rule's value `rules[2].value`; the form marks the rules as a whole. */
function withDottedPaths(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.details) return error;
  const details = error.details.map((d) => ({ ...d, path: d.path.replace(/\[(\d+)\]/g, '.$1') }));
  return new ApiError(error.status, error.code, error.description, details);
}

/** Create or edit a special: basics, discount, rules, and when and where it is added. */
export function SpecialForm({ special, onSaved, canSave, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TSpecialForm>(() => toSpecialForm(special));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [checked, setChecked] = useState(false);
  const save = useSaveSpecial();
  const formRef = useRef<HTMLFormElement>(null);
  const disabled = !canSave;

  const set: TSetField = (key, value) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problems = checkSpecialForm(form);
    if (problems.length) {
      setErrors(
        Object.fromEntries(problems.map((p) => [p.field, t(CHECK_KEYS[p.code] ?? 'form.invalid.invalid')])),
      );
      return focusFirstError(formRef.current);
    }
    setErrors({});
    save.mutate(
      { id: special?.id ?? null, body: toSpecialBody(form, !special) },
      {
        onSuccess: (saved) => {
          setChecked(false);
          onSaved(saved);
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(withDottedPaths(error), SPECIAL_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  const fields = { form, set, errors, disabled };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SectionCard title={t('specials.edit.basics')} icon={IconTag}>
          <SpecialBasicsFields {...fields} isCreate={!special} />
        </SectionCard>
        <SectionCard
          title={t(form.type === 'AgencyCommission' ? 'specials.edit.commission' : 'specials.edit.discount')}
          icon={IconDiscount}
        >
          <SpecialDiscountFields {...fields} />
        </SectionCard>
        <SectionCard title={t('specials.edit.rules')} icon={IconFilter}>
          <RuleBuilder
            rules={form.rules}
            onChange={(rules) => set('rules', rules)}
            showIncomplete={checked}
            error={errors.rules}
            disabled={disabled}
          />
        </SectionCard>
        <SectionCard title={t('specials.edit.behaviour')} icon={IconAdjustments}>
          <SpecialFlagsFields {...fields} />
        </SectionCard>
        <Group>
          {canSave && (
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          )}
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
