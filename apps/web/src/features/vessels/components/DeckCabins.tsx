import type { TDeckPosition, TRoom } from '@atoll/domain/inventory/rooms';
import type { TVesselDeck } from '@atoll/domain/inventory/vessels';
import { Button, Group, NumberInput, Radio, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  deck: TVesselDeck;
  decks: TVesselDeck[];
  cabins: TRoom[];
  selected: number | null;
  onSelect: (id: number) => void;
  /** Puts a cabin on a deck (null: off every deck) at a position (null: not drawn yet). */
  onPlace: (cabinId: number, deckId: number | null, position: TDeckPosition | null) => void;
  busy: boolean;
  canEdit: boolean;
};

const where = (p: TDeckPosition | null) => (p ? `${p.x} % / ${p.y} %` : '');

/** The selected cabin's place as two numbers: the keyboard's way to position it on the plan. */
function PositionForm({
  cabin,
  deck,
  onPlace,
  busy,
}: { cabin: TRoom; deck: TVesselDeck } & Pick<TProps, 'onPlace' | 'busy'>) {
  const { t } = useTranslation();
  const current = cabin.deckId === deck.id ? cabin.deckPosition : null;
  const [x, setX] = useState<number | ''>(current?.x ?? '');
  const [y, setY] = useState<number | ''>(current?.y ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (x === '' || y === '') return;
    onPlace(cabin.id, deck.id, { x, y });
  };
  const input = (label: string, value: number | '', set: (v: number | '') => void) => (
    <NumberInput
      label={label}
      value={value}
      onChange={(v) => set(typeof v === 'number' ? v : '')}
      min={0}
      max={100}
      decimalScale={1}
      clampBehavior="strict"
      suffix=" %"
      w={110}
    />
  );
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end">
        {input(t('vessels.cabins.x'), x, setX)}
        {input(t('vessels.cabins.y'), y, setY)}
        <Button type="submit" variant="default" loading={busy} disabled={x === '' || y === ''}>
          {t('vessels.cabins.savePosition', { name: cabin.name })}
        </Button>
      </Group>
    </form>
  );
}

/** The vessel's cabins: choose one to place, put it on this deck or take it off. */
export function DeckCabins({ deck, decks, cabins, selected, onSelect, onPlace, busy, canEdit }: TProps) {
  const { t } = useTranslation();
  const deckName = (id: number | null) => decks.find((d) => d.id === id)?.name ?? '';
  const chosen = cabins.find((c) => c.id === selected);
  if (cabins.length === 0) return <Text c="dimmed">{t('vessels.cabins.none')}</Text>;

  return (
    <Stack gap="sm">
      <Radio.Group
        value={selected ? String(selected) : null}
        onChange={(value) => onSelect(Number(value))}
        aria-label={t('vessels.cabins.title')}
      >
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>{t('vessels.cabins.select')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('vessels.cabins.name')}</Table.Th>
                <Table.Th>{t('vessels.cabins.deck')}</Table.Th>
                <Table.Th>{t('vessels.cabins.position')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('vessels.cabins.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cabins.map((cabin) => (
                <Table.Tr key={cabin.id}>
                  <Table.Td>
                    <Radio
                      value={String(cabin.id)}
                      aria-label={t('vessels.cabins.choose', { name: cabin.name })}
                    />
                  </Table.Td>
                  <Table.Td>{cabin.name}</Table.Td>
                  <Table.Td>{deckName(cabin.deckId)}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cabin.deckId === deck.id ? where(cabin.deckPosition) : ''}
                  </Table.Td>
                  <Table.Td>
                    {canEdit &&
                      (cabin.deckId === deck.id ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={busy}
                          onClick={() => onPlace(cabin.id, null, null)}
                        >
                          {t('vessels.cabins.takeOff')}
                        </Button>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={busy}
                          onClick={() => {
                            onSelect(cabin.id);
                            onPlace(cabin.id, deck.id, null);
                          }}
                        >
                          {t('vessels.cabins.placeHere')}
                        </Button>
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      {canEdit && chosen && (
        <PositionForm
          key={`${chosen.id}-${deck.id}-${chosen.updatedAt}`}
          cabin={chosen}
          deck={deck}
          onPlace={onPlace}
          busy={busy}
        />
      )}
    </Stack>
  );
}
