import { Badge, Group, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../components/format.ts';
import { langOf, todayIso } from '../../../../components/pricing/format.ts';
import { type TOption, useWizardDepartures } from '../../api.ts';
import type { TWizard, TWizardAction } from './wizardState.ts';

type TProps = {
  state: TWizard;
  dispatch: Dispatch<TWizardAction>;
  resorts: TOption[];
  vessels: TOption[];
};

/** Step 1: a resort, or a vessel and one of its departures (the next ones, or those of a month). */
export function AssetStep({ state, dispatch, resorts, vessels }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const departures = useWizardDepartures(
    state.kind === 'vessel' ? state.assetId : null,
    state.month,
    todayIso(),
  );
  const kinds = [
    ...(resorts.length ? [{ value: 'resort', label: t('bookings.wizard.resort') }] : []),
    ...(vessels.length ? [{ value: 'vessel', label: t('bookings.wizard.vessel') }] : []),
  ];
  return (
    <Stack gap="md">
      {kinds.length > 1 && (
        <SegmentedControl
          aria-label={t('bookings.wizard.assetKind')}
          data={kinds}
          value={state.kind}
          onChange={(v) => dispatch({ type: 'asset', kind: v as TWizard['kind'], assetId: null })}
        />
      )}
      <Select
        label={state.kind === 'resort' ? t('bookings.wizard.resort') : t('bookings.wizard.vessel')}
        data={state.kind === 'resort' ? resorts : vessels}
        value={state.assetId === null ? null : String(state.assetId)}
        onChange={(v) => dispatch({ type: 'asset', kind: state.kind, assetId: v ? Number(v) : null })}
        searchable
        required
        maw={400}
      />
      {state.kind === 'vessel' && state.assetId !== null && (
        <>
          <TextInput
            type="month"
            label={t('bookings.wizard.month')}
            description={t('bookings.wizard.monthHint')}
            value={state.month}
            onChange={(e) => dispatch({ type: 'month', month: e.currentTarget.value })}
            maw={240}
          />
          <Radio.Group
            label={t('bookings.wizard.departure')}
            description={state.month ? undefined : t('bookings.wizard.nextDepartures')}
            value={state.scheduleId === null ? null : String(state.scheduleId)}
            onChange={(v) => {
              const d = departures.data?.find((x) => String(x.id) === v);
              if (d) dispatch({ type: 'departure', scheduleId: d.id, from: d.from, to: d.to });
            }}
          >
            <Stack gap="xs" mt="xs">
              {departures.data?.length === 0 && <Text c="dimmed">{t('bookings.wizard.noDepartures')}</Text>}
              {departures.data?.map((d) => (
                <Radio
                  key={d.id}
                  value={String(d.id)}
                  label={
                    <Group gap="xs" wrap="wrap">
                      <span>
                        {d.tourName}: {formatDay(d.from, lang)} – {formatDay(d.to, lang)}
                      </span>
                      {d.freeCabins !== undefined && (
                        <Badge variant="light">
                          {t('bookings.wizard.freeCabins', {
                            cabins: d.freeCabins,
                            berths: d.freeBerths ?? 0,
                          })}
                        </Badge>
                      )}
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        </>
      )}
    </Stack>
  );
}
