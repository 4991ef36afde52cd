import type { TDeckPosition, TRoom } from '@atoll/domain/inventory/rooms';
import type { TVesselDeck } from '@atoll/domain/inventory/vessels';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ImagePicker } from '../../../components/media/ImagePicker.tsx';
import { mediaUrl } from '../../../components/media/mediaUrl.ts';
import { useDeckMutations } from '../api.ts';

type TProps = {
  deck: TVesselDeck;
  cabins: TRoom[];
  selectedCabin: number | null;
  onSelectCabin: (id: number) => void;
  /** Places the selected cabin at this point of the plan. */
  onPlace: (position: TDeckPosition) => void;
  canEdit: boolean;
};

/** Percent with one decimal: precise enough for a marker, short enough to type. */
const percent = (part: number, whole: number) =>
  Math.min(100, Math.max(0, Math.round((part / whole) * 1000) / 10));

const markerStyle = (position: TDeckPosition, isSelected: boolean) =>
  ({
    position: 'absolute',
    left: `${position.x}%`,
    top: `${position.y}%`,
    transform: 'translate(-50%, -50%)',
    padding: '2px 6px',
    borderRadius: 4,
    fontSize: 12,
    fontWeight: 700,
    color: 'var(--mantine-color-white)',
    background: isSelected ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-blue-8)',
    whiteSpace: 'nowrap',
  }) as const;

/**
 * The deck plan with its cabins drawn where they sit; a click on the plan puts the selected cabin there.
 * The cabin list beside it offers the same with number fields for keyboard users.
 */
export function DeckPlan({ deck, cabins, selectedCabin, onSelectCabin, onPlace, canEdit }: TProps) {
  const { t } = useTranslation();
  const { save } = useDeckMutations(deck.vesselId);
  const onDeck = cabins.filter((c) => c.deckId === deck.id && c.deckPosition);

  const setPlan = (ids: number[]) =>
    save.mutate(
      { id: deck.id, body: { planImage: ids[0] ?? null } },
      { onSuccess: () => showSuccess(t('common.saved')) },
    );

  const onPlanClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!canEdit || selectedCabin === null) return;
    // A click on a marker selects that cabin instead of moving the selected one.
    if ((event.target as HTMLElement).closest('button')) return;
    const box = event.currentTarget.getBoundingClientRect();
    onPlace({
      x: percent(event.clientX - box.left, box.width),
      y: percent(event.clientY - box.top, box.height),
    });
  };

  return (
    <Stack gap="sm">
      <ImagePicker
        label={t('resources.vesseldeck.fields.planImage')}
        value={deck.planImage ? [deck.planImage] : []}
        onChange={setPlan}
        max={1}
        disabled={!canEdit}
      />
      {deck.planImage ? (
        <>
          <Text size="sm" c="dimmed">
            {selectedCabin === null ? t('vessels.plan.selectFirst') : t('vessels.plan.clickHint')}
          </Text>
          {/* A mouse shortcut: the cabin list below places cabins with number fields from the keyboard. */}
          <Box
            pos="relative"
            onClick={onPlanClick}
            style={{ cursor: canEdit && selectedCabin !== null ? 'crosshair' : 'default', lineHeight: 0 }}
            data-testid="deck-plan"
          >
            <img
              src={mediaUrl(deck.planImage)}
              alt={t('vessels.plan.alt', { name: deck.name })}
              style={{ width: '100%', height: 'auto', display: 'block' }}
            />
            {onDeck.map((cabin) => (
              <UnstyledButton
                key={cabin.id}
                style={markerStyle(cabin.deckPosition as TDeckPosition, cabin.id === selectedCabin)}
                onClick={() => onSelectCabin(cabin.id)}
                aria-pressed={cabin.id === selectedCabin}
                aria-label={t('vessels.plan.marker', { name: cabin.name })}
              >
                {cabin.name}
              </UnstyledButton>
            ))}
          </Box>
        </>
      ) : (
        <Text c="dimmed">{t('vessels.plan.noImage')}</Text>
      )}
    </Stack>
  );
}
