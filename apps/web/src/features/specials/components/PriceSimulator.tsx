import { formatMoney } from '@atoll/domain/money';
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useCurrencies } from '../../../components/useReferenceData.ts';
import { useSimulate } from '../api.ts';
import { SimulatorInputs, type TSimSet } from './SimulatorInputs.tsx';
import { SimulatorResult } from './SimulatorResult.tsx';
import { SimulatorRooms } from './SimulatorRooms.tsx';
import { missingSimFields, newSimForm, type TSimForm, toSimulateBody } from './simulator.ts';
import { useRecordOptions } from './useRecordOptions.ts';

type TProps = {
  /** The special being edited: its why comes first and is marked. */
  highlightId?: number;
};

/** The message of a field the form still needs. */
const missingText = (field: string, form: TSimForm) =>
  field === 'to' && form.to && form.from ? 'specials.simulator.toAfterFrom' : 'form.invalid.required';

/**
 * The price simulator: a booking draft (resort stay or departure, rooms and persons, agency, channel,
 * booking date, currency) priced by the server with the stored prices and specials. Nothing is written.
 */
export function PriceSimulator({ highlightId }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [form, setForm] = useState<TSimForm>(() => newSimForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState(false);
  const simulate = useSimulate();
  const base = useCurrencies().data?.find((c) => c.isBase)?.code;
  const assetId = form.asset === 'resort' ? form.resortId : form.vesselId;
  const roomTypes = useRecordOptions({
    kind: 'roomType',
    filter: form.asset === 'resort' ? { resortId: Number(assetId) } : { vesselId: Number(assetId) },
    enabled: Boolean(assetId),
  });
  const roomTypeName = (id: number) => roomTypes.data?.find((o) => o.value === String(id))?.label ?? `#${id}`;

  // The installation's base currency until the user picks another.
  useEffect(() => {
    if (base) setForm((prev) => (prev.currency ? prev : { ...prev, currency: base }));
  }, [base]);

  const set: TSimSet = (key, value) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors({});
    setChanged(true);
  };

  const calculate = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingSimFields(form);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((f) => [f, t(missingText(f, form))])));
      return;
    }
    setChanged(false);
    simulate.mutate(toSimulateBody(form, lang));
  };

  const result = simulate.data;
  return (
    <Stack gap="md">
      <form onSubmit={calculate} noValidate aria-label={t('specials.simulator.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('specials.simulator.intro')}
          </Text>
          <SimulatorInputs form={form} set={set} errors={errors} />
          <Title order={4}>{t('specials.simulator.rooms')}</Title>
          <SimulatorRooms form={form} onChange={(rooms) => set('rooms', rooms)} errors={errors} />
          <Group>
            <Button
              type="submit"
              loading={simulate.isPending}
              leftSection={<IconCalculator size={16} aria-hidden />}
            >
              {t('specials.simulator.calculate')}
            </Button>
            {result && changed && (
              <Text size="sm" c="dimmed">
                {t('specials.simulator.changed')}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
      {simulate.error && (
        <Alert color="red" title={t('specials.simulator.failed')}>
          {simulate.error instanceof ApiError ? apiErrorText(simulate.error) : String(simulate.error)}
        </Alert>
      )}
      {result && !simulate.isPending && (
        <SimulatorResult result={result} lang={lang} highlightId={highlightId} roomTypeName={roomTypeName} />
      )}
      <VisuallyHidden role="status">
        {result && !simulate.isPending
          ? t('specials.simulator.done', { total: formatMoney(result.totals.total, result.currency, lang) })
          : ''}
      </VisuallyHidden>
    </Stack>
  );
}
