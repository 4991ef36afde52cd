import { isEditable, type TBooking } from '@atoll/domain/bookings';
import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveProducts } from '../../products/api.ts';
import { useBookingCall } from '../api.ts';

const QUANTITY = /^\d{1,10}(\.\d{1,3})?$/;

/**
 * "Add product / add-on" on the booking (`{bookingId}/product/{product}`, `/addon/{addon}`): the engine
 * makes the line by the product's charging base and the total follows. Office only (the catalogue is
 * product.read); the line is removed with the calculation's delete.
 */
export function AddProductModal({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [as, setAs] = useState<'product' | 'addon'>('product');
  const [productId, setProductId] = useState<string | null>(null);
  const [roomBookingId, setRoomBookingId] = useState<string | null>(null);
  const [qty, setQty] = useState('1');
  const products = useActiveProducts(opened).data ?? [];
  const call = useBookingCall(booking);
  const offered = products.filter((p) => as === 'product' || p.isAddon);
  const valid = productId !== null && QUANTITY.test(qty.trim()) && Number(qty) > 0;

  const close = () => {
    setOpened(false);
    setProductId(null);
    setRoomBookingId(null);
    setQty('1');
  };
  const submit = () =>
    productId &&
    call.mutate(
      {
        kind: 'addProduct',
        as,
        productId: Number(productId),
        body: {
          qtyPerUnit: qty.trim(),
          ...(roomBookingId ? { roomBookingId: Number(roomBookingId) } : {}),
        },
      },
      { onSuccess: close },
    );

  return (
    <>
      <Group>
        {/* The German label is longer than a phone's card is wide: it wraps rather than being cut. */}
        <Button
          variant="light"
          leftSection={<IconPackage size={16} />}
          onClick={() => setOpened(true)}
          disabled={!isEditable(booking.state)}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
        >
          {t('bookings.products.add')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('bookings.products.title')}>
        <Stack gap="sm">
          <SegmentedControl
            value={as}
            onChange={(v) => {
              setAs(v as 'product' | 'addon');
              setProductId(null);
            }}
            data={[
              { value: 'product', label: t('bookings.products.product') },
              { value: 'addon', label: t('bookings.products.addon') },
            ]}
          />
          <Select
            label={t('bookings.products.choose')}
            data={offered.map((p) => ({
              value: String(p.id),
              label: `${p.name} (${t(`products.chargingBases.${p.chargingBase}`)})`,
            }))}
            value={productId}
            onChange={setProductId}
            searchable
            required
            nothingFoundMessage={t('bookings.products.none')}
          />
          {booking.rooms.length > 1 && (
            <Select
              label={t('bookings.products.room')}
              description={t('bookings.products.roomHint')}
              data={booking.rooms.map((r) => ({
                value: String(r.id),
                label: `${r.roomName} (${r.from} – ${r.to})`,
              }))}
              value={roomBookingId}
              onChange={setRoomBookingId}
              clearable
            />
          )}
          <TextInput
            label={t('bookings.products.qtyPerUnit')}
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
            inputMode="decimal"
            error={qty !== '' && !QUANTITY.test(qty.trim()) ? t('bookings.products.qtyError') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} disabled={!valid} loading={call.isPending}>
              {t('bookings.products.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
