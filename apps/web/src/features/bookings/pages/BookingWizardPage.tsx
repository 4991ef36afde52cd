import type { TWritableState } from '@atoll/domain/bookings';
import { ROOM_TYPE_DEFAULTS } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { availabilityKeys, useResortAvailability, useScheduleAvailability } from '../../availability/api.ts';
import { useAgencyOptions, useAssetOptions, useCreateBooking, useWizardRoomTypes } from '../api.ts';
import { AssetStep } from '../components/wizard/AssetStep.tsx';
import { DatesStep } from '../components/wizard/DatesStep.tsx';
import { FinishStep } from '../components/wizard/FinishStep.tsx';
import { GuestsStep } from '../components/wizard/GuestsStep.tsx';
import { PriceStep } from '../components/wizard/PriceStep.tsx';
import { RoomsStep } from '../components/wizard/RoomsStep.tsx';
import {
  defaultPax,
  initialWizard,
  STEPS,
  startedOn,
  stepReady,
  toCreateBooking,
  wizardReducer,
} from '../components/wizard/wizardState.ts';

const CURRENCY = 'EUR';
const ROOMS_STEP = STEPS.indexOf('rooms');

/**
 * /booking/wizard (and /booking/resort, started on a resort stay): asset, dates, rooms with live
 * availability, guests, the server's price, then save as offer, reservation or booking.
 */
export default function BookingWizardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isStaff = hasScope(scopes, ['bookings.read']) && !hasScope(scopes, ['agencies.self']);
  const resortOnly = useLocation().pathname.startsWith(routePath('resortBookingCreate'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  // Agents (agencies.self) list the resorts and vessels on sale; the server limits what they see.
  const may = {
    resorts: hasScope(scopes, ['resort.read', 'agencies.self']),
    vessels: !resortOnly && hasScope(scopes, ['vessel.read', 'agencies.self']),
  };
  const { resorts, vessels } = useAssetOptions(may);
  const agencies = useAgencyOptions(isStaff);
  const [search] = useSearchParams();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    startedOn(
      initialWizard(resortOnly || may.resorts ? 'resort' : 'vessel', langOf(i18n.language)),
      resortOnly ? new URLSearchParams() : search,
    ),
  );
  // `?room=` (a free cell of a calendar): chosen once the availability shows it free.
  const [wantedRoom, setWantedRoom] = useState(() => (resortOnly ? 0 : Number(search.get('room')) || 0));
  const [saving, setSaving] = useState<TWritableState | null>(null);
  const create = useCreateBooking();

  const channel = isStaff ? 'staff' : 'agency';
  const resortRooms = useResortAvailability(state.kind === 'resort' ? (state.assetId ?? 0) : 0, {
    from: state.from,
    to: state.kind === 'resort' && state.assetId !== null ? state.to : '',
    channel,
  });
  const cabins = useScheduleAvailability(
    state.kind === 'vessel' && state.scheduleId !== null ? (state.assetId ?? undefined) : undefined,
    state.scheduleId ?? 0,
    channel,
  );
  const availability = state.kind === 'resort' ? resortRooms : cabins;
  const rooms = availability.data?.rooms;
  const roomTypes = useWizardRoomTypes(
    isStaff && state.assetId !== null
      ? state.kind === 'resort'
        ? { resortId: state.assetId }
        : { vesselId: state.assetId }
      : null,
  );
  const types = new Map<number | null, string>([
    ...(roomTypes.data ?? []).map((r) => [r.id, r.name] as const),
    ...(resortRooms.data?.roomTypes ?? []).map((r) => [r.roomTypeId, r.name] as const),
  ]);
  const paxOf = new Map((roomTypes.data ?? []).map((r) => [r.id, r.defaultNoOfPax]));
  /** A type's default guests; without the types (agents) the default room configuration. */
  const typeDefault = (id: number | null) =>
    (id !== null ? paxOf.get(id) : undefined) ?? ROOM_TYPE_DEFAULTS.defaultNoOfPax;

  const typeDefaultRef = useRef(typeDefault);
  typeDefaultRef.current = typeDefault;
  // Availability read again: a chosen room that is no longer free is dropped.
  useEffect(() => {
    if (!rooms || wantedRoom === 0) return;
    const wanted = rooms.find(
      (r) => r.id === wantedRoom && r.sellable && r.freeBeds > 0 && (r.free || r.allowSharedRoom),
    );
    setWantedRoom(0);
    if (wanted)
      dispatch({
        type: 'toggleRoom',
        room: wanted,
        whole: wanted.free,
        pax: defaultPax(wanted, wanted.free, typeDefaultRef.current(wanted.roomTypeId)),
      });
  }, [rooms, wantedRoom]);
  useEffect(() => {
    if (!rooms) return;
    dispatch({
      type: 'keepRooms',
      roomIds: rooms.filter((r) => r.sellable && r.freeBeds > 0).map((r) => r.id),
    });
  }, [rooms]);

  const ready = (step: number) => STEPS.slice(0, step).every((_, i) => stepReady(state, i));
  const go = (step: number) => {
    if (step >= 0 && step < STEPS.length && ready(step)) dispatch({ type: 'step', step });
  };

  const save = (target: TWritableState) => {
    setSaving(target);
    create.mutate(toCreateBooking(state, target), {
      onSuccess: (booking) => void navigate(routePath('bookingDetail', { id: booking.id })),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'NOT_AVAILABLE') {
          showError(t('bookings.wizard.notAvailable'));
          void client.invalidateQueries({ queryKey: availabilityKeys.all });
          dispatch({ type: 'step', step: ROOMS_STEP });
        } else showError(error instanceof ApiError ? apiErrorText(error) : String(error));
      },
      onSettled: () => setSaving(null),
    });
  };

  const body = (step: (typeof STEPS)[number]) => {
    switch (step) {
      case 'asset':
        return (
          <AssetStep
            state={state}
            dispatch={dispatch}
            resorts={may.resorts ? resorts : []}
            vessels={may.vessels ? vessels : []}
          />
        );
      case 'dates':
        return <DatesStep state={state} dispatch={dispatch} />;
      case 'rooms':
        return (
          <RoomsStep
            state={state}
            dispatch={dispatch}
            rooms={rooms}
            loading={availability.isLoading}
            typeName={(id) => types.get(id)}
            typeDefault={typeDefault}
            currency={CURRENCY}
          />
        );
      case 'guests':
        return <GuestsStep state={state} dispatch={dispatch} />;
      case 'price':
        return <PriceStep state={state} currency={CURRENCY} />;
      case 'finish':
        return (
          <FinishStep
            state={state}
            dispatch={dispatch}
            agencies={isStaff ? (agencies.data ?? []) : null}
            saving={saving}
            onSave={save}
          />
        );
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>{resortOnly ? t('bookings.wizard.resortTitle') : t('bookings.wizard.title')}</Title>
      {phone ? (
        // On a phone the six steps would fill the first screen: the step's name and the progress instead.
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('bookings.wizard.stepOf', {
              step: state.step + 1,
              total: STEPS.length,
              name: t(`bookings.wizard.steps.${STEPS[state.step] ?? 'asset'}`),
            })}
          </Text>
          <Progress
            value={((state.step + 1) / STEPS.length) * 100}
            size="sm"
            aria-label={t('bookings.wizard.progress')}
          />
        </Stack>
      ) : (
        <Stepper active={state.step} onStepClick={go} size="sm" allowNextStepsSelect={false}>
          {STEPS.map((step) => (
            <Stepper.Step key={step} label={t(`bookings.wizard.steps.${step}`)} />
          ))}
        </Stepper>
      )}
      {/* One place for the step's form whatever the width: a resize keeps what it holds (an open question). */}
      {body(STEPS[state.step] ?? 'asset')}
      <Group justify="space-between">
        <Button variant="default" onClick={() => go(state.step - 1)} disabled={state.step === 0}>
          {t('bookings.wizard.back')}
        </Button>
        {state.step < STEPS.length - 1 && (
          <Button onClick={() => go(state.step + 1)} disabled={!stepReady(state, state.step)}>
            {t('bookings.wizard.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
