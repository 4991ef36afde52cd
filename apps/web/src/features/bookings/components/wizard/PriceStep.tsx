import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../app/api.ts';
import { apiErrorText } from '../../../../app/api-error-text.ts';
import { langOf } from '../../../../components/pricing/format.ts';
import { SimulatorResult } from '../../../specials/components/SimulatorResult.tsx';
import { usePriceDraft } from '../../api.ts';
import { CharterPrice } from './CharterOption.tsx';
import { type TWizard, toSimulateRequest } from './wizardState.ts';

/** Step 5: the draft priced by the server (`price/simulate`): lines, totals and the why of each special. */
export function PriceStep({ state, currency }: { state: TWizard; currency: string }) {
  // The simulator prices cabins one by one; a charter's one line comes from the charter price.
  if (state.charter) return <CharterPrice scheduleId={state.scheduleId} currency={currency} />;
  return <DraftPrice state={state} currency={currency} />;
}

function DraftPrice({ state, currency }: { state: TWizard; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const price = usePriceDraft(toSimulateRequest(state, currency), true);
  const names = new Map(state.rooms.map((r) => [r.roomTypeId, r.roomName]));
  if (price.isPending) return <Loader aria-label={t('bookings.wizard.loading')} />;
  if (price.error) return <Alert color="red">{apiErrorText(price.error as ApiError)}</Alert>;
  return (
    <SimulatorResult result={price.data} lang={lang} roomTypeName={(id) => names.get(id) ?? String(id)} />
  );
}
