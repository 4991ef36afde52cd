import { ROOM_KINDS } from '@atoll/domain/inventory/rooms';
import {
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldErrors } from '../../../components/fieldErrors.ts';
import { type TAssetKind, useAssets, useBedTypes, useDecks, useRoomTypes } from '../api.ts';
import type { TRoomForm } from './roomForm.ts';

type TProps = {
  form: TRoomForm;
  set: <K extends keyof TRoomForm>(key: K, value: TRoomForm[K]) => void;
  errors: TFieldErrors;
  /** Which asset kinds the user may write (resort.update, vessel.update). */
  kinds: TAssetKind[];
};

const options = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** Name, asset (resort or vessel), type, room type of that asset, deck (cabins) and bed types. */
export function RoomBasicsFields({ form, set, errors, kinds }: TProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`rooms.fields.${field}`);
  const isVessel = form.assetKind === 'vessel';
  const assetId = form.assetId ? Number(form.assetId) : null;
  const assets = useAssets(form.assetKind);
  const roomTypes = useRoomTypes(
    assetId ? { resortId: isVessel ? null : assetId, vesselId: isVessel ? assetId : null } : undefined,
  );
  const decks = useDecks(isVessel ? assetId : null);
  const bedTypes = useBedTypes();

  // Another asset has other room types and decks; the kind follows the asset (Room / Cabin).
  const chooseKind = (kind: TAssetKind) => {
    set('assetKind', kind);
    set('assetId', '');
    set('roomTypeId', '');
    set('deckId', '');
    set('type', kind === 'vessel' ? 'Cabin' : 'Room');
  };
  const chooseAsset = (value: string | null) => {
    set('assetId', value ?? '');
    set('roomTypeId', '');
    set('deckId', '');
  };

  return (
    <Stack gap="sm">
      {kinds.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label('assetKind')}
          </Text>
          <SegmentedControl
            aria-label={label('assetKind')}
            value={form.assetKind}
            onChange={(value) => chooseKind(value as TAssetKind)}
            data={kinds.map((k) => ({ value: k, label: t(`rooms.assetKinds.${k}`) }))}
            w="fit-content"
          />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={label('name')}
          required
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label={label('internalId')}
          value={form.internalId}
          onChange={(e) => set('internalId', e.currentTarget.value)}
          error={errors.internalId}
        />
        <Select
          label={t(`rooms.assetKinds.${form.assetKind}`)}
          required
          data={options(assets.data)}
          value={form.assetId || null}
          onChange={chooseAsset}
          searchable
          error={errors.resortId ?? errors.vesselId}
        />
        <Select
          label={label('type')}
          data={ROOM_KINDS.map((k) => ({ value: k, label: t(`rooms.kinds.${k}`) }))}
          value={form.type}
          onChange={(value) => value && set('type', value as TRoomForm['type'])}
          allowDeselect={false}
          error={errors.type}
        />
        <Select
          label={label('roomTypeId')}
          data={options(roomTypes.data)}
          value={form.roomTypeId || null}
          onChange={(value) => set('roomTypeId', value ?? '')}
          disabled={!assetId}
          clearable
          searchable
          error={errors.roomTypeId}
        />
        {isVessel && (
          <Select
            label={label('deckId')}
            data={options(decks.data)}
            value={form.deckId || null}
            onChange={(value) => set('deckId', value ?? '')}
            disabled={!assetId}
            clearable
            error={errors.deckId}
          />
        )}
        <Select
          label={label('bedTypeId')}
          data={options(bedTypes.data)}
          value={form.bedTypeId || null}
          onChange={(value) => set('bedTypeId', value ?? '')}
          clearable
          error={errors.bedTypeId}
        />
        <MultiSelect
          label={label('additionalBedTypes')}
          data={options(bedTypes.data)}
          value={form.additionalBedTypes}
          onChange={(value) => set('additionalBedTypes', value)}
          clearable
          error={errors.additionalBedTypes}
        />
        <NumberInput
          label={label('sort')}
          description={t('rooms.edit.sortHint')}
          value={form.sort}
          onChange={(value) => set('sort', value === '' ? '' : Number(value))}
          allowDecimal={false}
          error={errors.sort}
        />
      </SimpleGrid>
    </Stack>
  );
}
