import { STOCK_REASONS, type TProduct, type TStockReason } from '@atoll/domain/products';
import { Button, Checkbox, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useStockUpdate } from '../api.ts';
import { enumOptions } from './productFields.tsx';
import type { TStockPlace } from './stockAssets.ts';

const QUANTITY = /^-?\d{1,10}(\.\d{1,3})?$/;

/**
 * A stock change (+ in, − out) or the counted stock, at a resort or vessel or without a place, with reason
 * (a delivery: goods received) and note; below 0 only when forced.
 */
export function StockUpdateForm({ product, places }: { product: TProduct; places: readonly TStockPlace[] }) {
  const { t } = useTranslation();
  const update = useStockUpdate(product.id);
  const [mode, setMode] = useState<'change' | 'set'>('change');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<TStockReason>('manual');
  const [note, setNote] = useState('');
  const [force, setForce] = useState(false);
  const [place, setPlace] = useState('');
  const at = places.find((p) => p.key === place);
  const valid = QUANTITY.test(quantity.trim());

  const submit = () =>
    update.mutate(
      {
        [mode]: quantity.trim(),
        reason,
        note: note.trim() || null,
        force,
        ...(at?.resortId ? { resortId: at.resortId } : {}),
        ...(at?.vesselId ? { vesselId: at.vesselId } : {}),
      },
      {
        onSuccess: () => {
          setQuantity('');
          setNote('');
          setForce(false);
          showSuccess(t('products.stock.saved'));
        },
        onError: (error) => error instanceof ApiError && showError(apiErrorText(error)),
      },
    );

  return (
    <Stack gap="xs">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as 'change' | 'set')}
        data={[
          { value: 'change', label: t('products.stock.change') },
          { value: 'set', label: t('products.stock.set') },
        ]}
      />
      {places.length > 0 && (
        <Select
          label={t('products.stock.where')}
          data={[
            { value: '', label: t('products.stock.everywhere') },
            ...places.map((p) => ({ value: p.key, label: p.name })),
          ]}
          value={place}
          onChange={(v) => setPlace(v ?? '')}
          allowDeselect={false}
        />
      )}
      <Group grow align="flex-start">
        <TextInput
          label={mode === 'change' ? t('products.stock.changeLabel') : t('products.stock.setLabel')}
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          error={quantity !== '' && !valid ? t('products.stock.quantityError') : undefined}
          inputMode="decimal"
          required
        />
        <Select
          label={t('products.stock.reason')}
          data={enumOptions(t, 'reasons', STOCK_REASONS)}
          value={reason}
          onChange={(v) => v && setReason(v as TStockReason)}
          allowDeselect={false}
        />
      </Group>
      <TextInput
        label={t('products.stock.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Checkbox
        label={t('products.stock.force')}
        checked={force}
        onChange={(e) => setForce(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={submit} disabled={!valid} loading={update.isPending}>
          {t('products.stock.save')}
        </Button>
      </Group>
    </Stack>
  );
}
