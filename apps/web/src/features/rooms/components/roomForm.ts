import type { TRoom, TRoomKind, TUpdateRoom } from '@atoll/domain/inventory/rooms';
import type { TAssetKind } from '../api.ts';

export type TBedForm = {
  /** Row key in the form only. */
  key: string;
  internalId: string;
  type: string;
  active: boolean;
  visible: boolean;
  /** '' = no age limit. */
  maxAge: number | '';
};

export const CONFIGURATION_FLAGS = ['single', 'double', 'fan', 'acc', 'seaview', 'warmwater'] as const;
export type TConfigurationFlag = (typeof CONFIGURATION_FLAGS)[number];
export const ROOM_FLAGS = ['isActive', 'isVisible', 'hide', 'allowSharedRoom', 'allowMixedGender'] as const;
export type TRoomFlag = (typeof ROOM_FLAGS)[number];

/** What the room form edits; ids as select values ('' = none). */
export type TRoomForm = {
  assetKind: TAssetKind;
  assetId: string;
  name: string;
  internalId: string;
  type: TRoomKind;
  roomTypeId: string;
  deckId: string;
  bedTypeId: string;
  additionalBedTypes: string[];
  flags: Record<TRoomFlag, boolean>;
  pax: { minNoOfPax: number; defaultNoOfPax: number; maxNoOfPax: number };
  features: Record<TConfigurationFlag, boolean>;
  beds: TBedForm[];
  description: { de: string; en: string };
  images: number[];
  sort: number | '';
};

/** Form fields by the API path their server errors name (see fieldErrorsOf). */
export const ROOM_FIELDS = [
  'name',
  'internalId',
  'type',
  'resortId',
  'vesselId',
  'roomTypeId',
  'deckId',
  'bedTypeId',
  'additionalBedTypes',
  'configuration.minNoOfPax',
  'configuration.defaultNoOfPax',
  'configuration.maxNoOfPax',
  'configuration.beds',
  'description.de',
  'description.en',
  'images',
  'sort',
] as const;

let nextKey = 0;
/** A new bed named by the first free number, so that internalIds stay unique. */
export function newBed(beds: TBedForm[]): TBedForm {
  const used = new Set(beds.map((b) => b.internalId));
  let n = 1;
  while (used.has(String(n))) n++;
  return {
    key: `bed-${++nextKey}`,
    internalId: String(n),
    type: '',
    active: true,
    visible: true,
    maxAge: '',
  };
}

const idText = (id: number | null | undefined) => (id ? String(id) : '');
const idOrNull = (value: string) => (value ? Number(value) : null);

export function toRoomForm(room?: TRoom): TRoomForm {
  const c = room?.configuration;
  return {
    assetKind: room?.vesselId ? 'vessel' : 'resort',
    assetId: idText(room?.resortId ?? room?.vesselId),
    name: room?.name ?? '',
    internalId: room?.internalId ?? '',
    type: room?.type ?? 'Room',
    roomTypeId: idText(room?.roomTypeId),
    deckId: idText(room?.deckId),
    bedTypeId: idText(room?.bedTypeId),
    additionalBedTypes: (room?.additionalBedTypes ?? []).map(String),
    flags: {
      isActive: room?.isActive ?? true,
      isVisible: room?.isVisible ?? true,
      hide: room?.hide ?? false,
      allowSharedRoom: room?.allowSharedRoom ?? false,
      allowMixedGender: room?.allowMixedGender ?? false,
    },
    pax: {
      minNoOfPax: c?.minNoOfPax ?? 1,
      defaultNoOfPax: c?.defaultNoOfPax ?? 2,
      maxNoOfPax: c?.maxNoOfPax ?? 2,
    },
    features: Object.fromEntries(
      CONFIGURATION_FLAGS.map((f) => [f, c?.[f] ?? false]),
    ) as TRoomForm['features'],
    beds: (c?.beds ?? []).map((b) => ({
      key: `bed-${++nextKey}`,
      internalId: b.internalId,
      type: b.type,
      active: b.active,
      visible: b.visible,
      maxAge: b.maxAge ?? '',
    })),
    description: { de: room?.description.de ?? '', en: room?.description.en ?? '' },
    images: room?.images ?? [],
    // 9999 is "no sort" (spec booking §5): shown empty.
    sort: room && room.sort !== 9999 ? room.sort : '',
  };
}

/** The body of create and update: the whole configuration, so the server replaces it as a whole. */
export function toRoomBody(form: TRoomForm): TUpdateRoom {
  const assetId = idOrNull(form.assetId);
  const isVessel = form.assetKind === 'vessel';
  return {
    name: form.name.trim(),
    internalId: form.internalId.trim() || null,
    type: form.type,
    resortId: isVessel ? null : assetId,
    vesselId: isVessel ? assetId : null,
    roomTypeId: idOrNull(form.roomTypeId),
    deckId: isVessel ? idOrNull(form.deckId) : null,
    bedTypeId: idOrNull(form.bedTypeId),
    additionalBedTypes: form.additionalBedTypes.map(Number),
    ...form.flags,
    configuration: {
      ...form.pax,
      ...form.features,
      beds: form.beds.map((b) => ({
        internalId: b.internalId.trim(),
        type: b.type,
        active: b.active,
        visible: b.visible,
        maxAge: b.maxAge === '' ? null : b.maxAge,
      })),
    },
    description: {
      ...(form.description.de.trim() ? { de: form.description.de.trim() } : {}),
      ...(form.description.en.trim() ? { en: form.description.en.trim() } : {}),
    },
    images: form.images,
    sort: form.sort === '' ? null : form.sort,
  };
}
