import type { TPriceWithEntries } from '@atoll/domain/pricing/entities';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlignLeft, IconCalendarDollar, IconReceipt, IconTable } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { ResourceFieldInput } from '../../../components/resource/fields.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useRoomTypesOf, useSavePrice, useVariants, useVesselSchedules } from '../api.ts';
import { EntriesGrid } from './EntriesGrid.tsx';
import { PriceBasicsSection } from './PriceBasicsSection.tsx';
import { PriceRatesSection } from './PriceRatesSection.tsx';
import {
  assetIds,
  EMPTY_CELL,
  invalidCells,
  PRICE_FIELDS,
  type TCell,
  type TPriceForm,
  toPriceBody,
  toPriceForm,
} from './priceForm.ts';

type TProps = {
  price?: TPriceWithEntries;
  /** A new price's asset (`resort:3`), e.g. from the list's filter. */
  defaultAsset?: string;
  canEdit: boolean;
  onSaved: (price: TPriceWithEntries) => void;
  extraActions?: ReactNode;
};

/** The season: its settings and, in the same Save, the entries grid (the server replaces the entries). */
export function PriceForm({ price, defaultAsset, canEdit, onSaved, extraActions }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TPriceForm>(() => toPriceForm(price, defaultAsset));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePrice();
  const asset = assetIds(form.asset);
  const roomTypes = useRoomTypesOf(asset);
  const variants = useVariants();
  const schedules = useVesselSchedules(asset.vesselId);
  const isCreate = !price;
  const disabled = !canEdit;
  const roomTypeIds = useMemo(
    () => (roomTypes.data ? new Set(roomTypes.data.map((r) => r.id)) : null),
    [roomTypes.data],
  );

  const set = <K extends keyof TPriceForm>(key: K, value: TPriceForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setCell = (key: string, patch: Partial<TCell>) =>
    setForm((prev) => {
      const cell = prev.cells[key] ?? EMPTY_CELL;
      return { ...prev, cells: { ...prev.cells, [key]: { ...cell, ...patch } } };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalidCells(form).size > 0) {
      setErrors({ entries: t('prices.grid.invalid') });
      return focusFirstError(formRef.current);
    }
    setErrors({});
    save.mutate(
      { ...(price ? { id: price.id } : {}), body: toPriceBody(form, roomTypeIds, isCreate) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrorsOf(error, PRICE_FIELDS));
          focusFirstError(formRef.current);
        },
      },
    );
  };

  const section = { form, set, errors, disabled, isCreate };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SectionCard title={t('prices.edit.season')} icon={IconCalendarDollar}>
          <PriceBasicsSection {...section} />
        </SectionCard>
        <SectionCard title={t('prices.edit.rates')} icon={IconReceipt}>
          <PriceRatesSection {...section} />
        </SectionCard>
        <SectionCard title={t('prices.edit.entries')} icon={IconTable}>
          <Stack gap="sm">
            {errors.entries && (
              <Alert color="red" role="alert">
                {errors.entries}
              </Alert>
            )}
            <EntriesGrid
              form={form}
              roomTypes={roomTypes.data ?? []}
              variants={variants.data ?? []}
              schedules={asset.vesselId ? (schedules.data ?? []) : null}
              disabled={disabled}
              onCell={setCell}
              onSchedules={(ids) => set('scheduleIds', ids)}
            />
          </Stack>
        </SectionCard>
        <SectionCard title={t('prices.edit.services')} icon={IconAlignLeft}>
          <Stack gap="sm">
            {(['includedServices', 'excludedServices'] as const).map((key) => (
              <ResourceFieldInput
                key={key}
                field={{ key, kind: 'translations' }}
                value={form[key]}
                onChange={(value) => set(key, value as TPriceForm[typeof key])}
                label={t(`resources.price.fields.${key}`)}
                error={errors[key]}
                disabled={disabled}
              />
            ))}
          </Stack>
        </SectionCard>
        <Group>
          {canEdit && (
            <Button type="submit" loading={save.isPending}>
              {t(isCreate ? 'common.create' : 'common.save')}
            </Button>
          )}
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
