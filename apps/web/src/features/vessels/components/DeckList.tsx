import type { TVesselDeck } from '@atoll/domain/inventory/vessels';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useDeckMutations } from '../api.ts';

type TProps = {
  vesselId: number;
  decks: TVesselDeck[];
  selected: number | null;
  onSelect: (deckId: number) => void;
  canEdit: boolean;
};

/** One deck: shown with its button, renamed and re-sorted in place, deleted after a question. */
type TRowProps = {
  deck: TVesselDeck;
  vesselId: number;
  canEdit: boolean;
  isSelected: boolean;
  onSelect: (deckId: number) => void;
};

function DeckRow({ deck, vesselId, canEdit, isSelected, onSelect }: TRowProps) {
  const { t } = useTranslation();
  const { save, remove } = useDeckMutations(vesselId);
  const [name, setName] = useState(deck.name);
  const [sort, setSort] = useState(deck.sort);
  const [confirming, setConfirming] = useState(false);
  const changed = name.trim() !== deck.name || sort !== deck.sort;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate(
      { id: deck.id, body: { name: name.trim(), sort } },
      { onSuccess: () => showSuccess(t('common.saved')) },
    );
  };

  return (
    <form onSubmit={submit} aria-label={deck.name}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <ActionIcon
          variant={isSelected ? 'filled' : 'default'}
          size="lg"
          onClick={() => onSelect(deck.id)}
          aria-pressed={isSelected}
          aria-label={t('vessels.decks.choose', { name: deck.name })}
        >
          <IconEye size={18} aria-hidden />
        </ActionIcon>
        <TextInput
          label={t('resources.vesseldeck.fields.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={!canEdit}
          style={{ flex: 1 }}
          error={name.trim() ? undefined : t('form.invalid.required')}
        />
        <NumberInput
          label={t('resources.vesseldeck.fields.sort')}
          value={sort}
          onChange={(v) => setSort(typeof v === 'number' ? v : 0)}
          allowDecimal={false}
          disabled={!canEdit}
          w={72}
        />
        {canEdit && (
          <>
            <ActionIcon
              type="submit"
              variant="default"
              size="lg"
              disabled={!changed}
              loading={save.isPending}
              aria-label={t('vessels.decks.save', { name: deck.name })}
            >
              <IconDeviceFloppy size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              onClick={() => setConfirming(true)}
              aria-label={t('vessels.decks.delete', { name: deck.name })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </>
        )}
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('common.deleteTitle')}
        text={t('vessels.decks.deleteText', { name: deck.name })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(deck.id, {
            onSuccess: () => showSuccess(t('common.deleted')),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/** The decks of a vessel in their order, with a field to add one. */
export function DeckList({ vesselId, decks, selected, onSelect, canEdit }: TProps) {
  const { t } = useTranslation();
  const { save } = useDeckMutations(vesselId);
  const [name, setName] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const sort = decks.reduce((max, d) => Math.max(max, d.sort), 0) + 1;
    save.mutate(
      { body: { name: name.trim(), sort } },
      {
        onSuccess: (deck) => {
          setName('');
          showSuccess(t('common.created'));
          onSelect(deck.id);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {decks.length === 0 && <Text c="dimmed">{t('vessels.decks.none')}</Text>}
      <Stack gap="xs">
        {decks.map((deck) => (
          <DeckRow
            key={`${deck.id}-${deck.updatedAt}`}
            deck={deck}
            vesselId={vesselId}
            canEdit={canEdit}
            isSelected={deck.id === selected}
            onSelect={onSelect}
          />
        ))}
      </Stack>
      {canEdit && (
        <form onSubmit={add}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('vessels.decks.newName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={save.isPending}>
              {t('vessels.decks.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
