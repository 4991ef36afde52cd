import {
  ROOM_TYPE_DEFAULTS,
  ROOM_TYPES_OTA,
  SURCHARGE_TYPES,
  type TRoomType,
} from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import type { TListFilter } from '../../../components/DataTable.tsx';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import { useResortOptions } from '../../resorts/api.ts';
import { useVesselChoices } from '../api.ts';

type TRoomTypeRow = TRoomType & Record<string, unknown>;
type TOption = { value: string; label: string };

const WRITE = ['resort.update', 'vessel.update'];

const numberField = (
  key: keyof typeof ROOM_TYPE_DEFAULTS,
  min: number,
  description?: string,
): TResourceField => ({
  key,
  kind: 'number',
  min,
  initial: ROOM_TYPE_DEFAULTS[key],
  required: true,
  ...(description ? { description } : {}),
});

function fieldsOf(t: TFunction, resorts: TOption[], vessels: TOption[] | null): TResourceField[] {
  const asset = (key: 'resortId' | 'vesselId', options: TOption[]): TResourceField => ({
    key,
    kind: 'select',
    numeric: true,
    options,
    description: t('roomTypes.form.assetHint'),
  });
  return [
    { key: 'name', kind: 'text', required: true },
    { key: 'key', kind: 'text' },
    asset('resortId', resorts),
    // Without vessel.read there is nothing to choose from.
    ...(vessels ? [asset('vesselId', vessels)] : []),
    numberField('minNoOfPax', 1),
    numberField('defaultNoOfPax', 1),
    numberField('maxNoOfPax', 1),
    numberField('maxNoOfOTAPax', 1),
    numberField('availableToOTA', -1, t('roomTypes.form.availableToOTAHint')),
    {
      key: 'roomTypeOTA',
      kind: 'select',
      required: true,
      initial: ROOM_TYPE_DEFAULTS.roomTypeOTA,
      options: ROOM_TYPES_OTA.map((v) => ({ value: v, label: v })),
    },
    numberField('sizeInSqm', -1, t('roomTypes.form.sizeHint')),
    { key: 'surcharge', kind: 'decimal', required: true, initial: ROOM_TYPE_DEFAULTS.surcharge },
    {
      key: 'surchargeType',
      kind: 'select',
      required: true,
      initial: ROOM_TYPE_DEFAULTS.surchargeType,
      options: SURCHARGE_TYPES.map((v) => ({ value: v, label: t(`roomTypes.surchargeTypes.${v}`) })),
    },
    { key: 'sort', kind: 'number', initial: 9999 },
    { key: 'isVisible', kind: 'switch', initial: true },
    { key: 'hide', kind: 'switch', description: t('roomTypes.form.hideHint') },
    { key: 'collapse', kind: 'switch', description: t('roomTypes.form.collapseHint') },
    { key: 'description', kind: 'translations' },
    {
      key: 'images',
      kind: 'custom',
      initial: [],
      wide: true,
      render: ({ value, onChange, label, disabled }) => (
        <ImagePicker
          label={label}
          value={(value as number[]) ?? []}
          onChange={onChange}
          disabled={disabled}
        />
      ),
    },
  ];
}

/** /room/type/list: room categories of resorts and cabin categories of vessels (spec booking §3 Room type). */
export default function RoomTypesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const readsResorts = hasScope(scopes, ['resort.read']);
  const readsVessels = hasScope(scopes, ['vessel.read']);
  const resorts = useResortOptions(readsResorts);
  const vessels = useVesselChoices(readsVessels);
  const resortOptions = resorts.data ?? [];
  const vesselOptions = readsVessels ? (vessels.data ?? []) : null;
  const nameIn = (options: TOption[] | null, id: number | null) =>
    options?.find((o) => o.value === String(id))?.label ?? (id ? `#${id}` : '');

  const filters: TListFilter[] = [
    ...(readsResorts
      ? [{ key: 'resortId', options: resortOptions, toFilter: (v: string) => ({ resortId: Number(v) }) }]
      : []),
    ...(vesselOptions
      ? [{ key: 'vesselId', options: vesselOptions, toFilter: (v: string) => ({ vesselId: Number(v) }) }]
      : []),
  ];

  return (
    <ResourcePage<TRoomTypeRow>
      resource="roomtypes"
      title={t('routes.roomTypes')}
      intro={t('roomTypes.intro')}
      defaultSort="sort"
      scopes={{ create: WRITE, update: WRITE, delete: WRITE }}
      columns={[
        { key: 'name', sortable: true },
        {
          key: 'resortId',
          header: t('roomTypes.list.asset'),
          sortable: true,
          render: (row) =>
            row.resortId ? nameIn(resortOptions, row.resortId) : nameIn(vesselOptions, row.vesselId),
        },
        {
          key: 'defaultNoOfPax',
          header: t('roomTypes.list.pax'),
          sortable: true,
          render: (row) => `${row.minNoOfPax}–${row.maxNoOfPax} (${row.defaultNoOfPax})`,
        },
        { key: 'roomTypeOTA', sortable: true },
        {
          key: 'isVisible',
          sortable: true,
          render: (row) => (
            <Text size="sm" c={row.isVisible && !row.hide ? undefined : 'dimmed'}>
              {t(row.isVisible && !row.hide ? 'common.yes' : 'common.no')}
            </Text>
          ),
        },
      ]}
      filters={filters}
      fields={fieldsOf(t, resortOptions, vesselOptions)}
    />
  );
}
