import type { TOnlineCreated } from '@atoll/domain/online/api';
import { Alert, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineKeys, type TPriceBody } from '../api.ts';
import { CheckoutStep } from './CheckoutStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { ResortSearch } from './ResortSearch.tsx';
import { VesselSearch } from './VesselSearch.tsx';

export type TOnlineBookingFlowProps = {
  assetType: 'vessel' | 'resort';
  assetId?: number;
  preview?: boolean;
  onEvent?: (action: 'search' | 'booking', bookingId?: number) => void;
};

/** What the search step chose: the price request and a line that says it to the guest. */
export type TSelection = { body: TPriceBody; summary: string; addons: string[] };

/**
 * The guest's booking flow (spec booking §7): search (departures → cabins or berths, or dates → room
 * types) → guests, price with specials and details → checkout. Reused by the booking pages, the staff
 * preview (`preview`: price only, no booking) and the widget (`onEvent` for its tracking).
 */
export function OnlineBookingFlow({ assetType, assetId, preview = false, onEvent }: TOnlineBookingFlowProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [selection, setSelection] = useState<TSelection | null>(null);
  const [created, setCreated] = useState<TOnlineCreated | null>(null);
  const [taken, setTaken] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const focusTop = () => requestAnimationFrame(() => heading.current?.focus());
  const choose = (next: TSelection) => {
    setTaken(false);
    setSelection(next);
    onEvent?.('search');
    focusTop();
  };
  const justTaken = () => {
    setSelection(null);
    setTaken(true);
    void client.invalidateQueries({ queryKey: onlineKeys.all });
    focusTop();
  };
  const booked = (answer: TOnlineCreated) => {
    setCreated(answer);
    onEvent?.('booking', answer.bookingId);
    focusTop();
  };

  const step = created ? 'checkout' : selection ? 'details' : 'search';
  return (
    <Stack gap="md" maw={720} mx="auto" p="sm">
      <Title order={1} size="h3" ref={heading} tabIndex={-1}>
        {t(`online.step.${step}`)}
      </Title>
      {preview && (
        <Alert color="gray" variant="light">
          {t('online.previewHint')}
        </Alert>
      )}
      {taken && (
        <Alert color="red" role="alert" title={t('online.justTaken.title')} data-testid="just-taken">
          {t('online.justTaken.text')}
        </Alert>
      )}
      {created && <CheckoutStep created={created} />}
      {!created && selection && (
        <DetailsStep
          selection={selection}
          preview={preview}
          onBack={() => setSelection(null)}
          onTaken={justTaken}
          onCreated={booked}
        />
      )}
      {/* The search stays mounted: back (or "just taken") returns to the same departure and month. */}
      <div hidden={step !== 'search'}>
        {assetType === 'vessel' ? (
          <VesselSearch vesselId={assetId} onSelect={choose} />
        ) : (
          <ResortSearch resortId={assetId} onSelect={choose} />
        )}
      </div>
    </Stack>
  );
}

export default OnlineBookingFlow;
