import type { TDeckPosition } from '@atoll/domain/inventory/rooms';
import { hasScope } from '@atoll/domain/scopes';
import { Grid, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconBed, IconStairs } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { usePlaceCabin, useVesselCabins, useVesselDecks, useVesselOptions } from '../api.ts';
import { DeckCabins } from '../components/DeckCabins.tsx';
import { DeckList } from '../components/DeckList.tsx';
import { DeckPlan } from '../components/DeckPlan.tsx';

/** A positive id from the URL, else null. */
const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /vesseldeck: choose a vessel, keep its decks (add, rename, sort, delete), and for the chosen deck its plan
 * with the cabins drawn on it. Vessel and deck stay in the URL (`?vessel=&deck=`), so the page can be linked.
 */
export default function VesselDecksPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasScope(user?.scopes ?? [], ['vessel.update']);
  const [params, setParams] = useSearchParams();
  const vessels = useVesselOptions();
  const vesselId =
    idParam(params.get('vessel')) ?? (vessels.data?.length === 1 ? (vessels.data[0]?.id ?? null) : null);
  const decks = useVesselDecks(vesselId);
  const cabins = useVesselCabins(vesselId);
  const place = usePlaceCabin(vesselId ?? 0);
  const [selectedCabin, setSelectedCabin] = useState<number | null>(null);
  const deckId = idParam(params.get('deck')) ?? decks.data?.[0]?.id ?? null;
  const deck = decks.data?.find((d) => d.id === deckId);

  const chooseVessel = (id: number | null) => {
    setSelectedCabin(null);
    setParams(id ? { vessel: String(id) } : {}, { replace: true });
  };
  const chooseDeck = (id: number) =>
    setParams({ vessel: String(vesselId), deck: String(id) }, { replace: true });
  const onPlace = (cabinId: number, toDeck: number | null, position: TDeckPosition | null) =>
    place.mutate(
      { id: cabinId, deckId: toDeck, deckPosition: position },
      { onSuccess: () => showSuccess(t('common.saved')) },
    );

  return (
    <Stack gap="md">
      <Title order={2}>{t('vessels.decks.title')}</Title>
      <Select
        label={t('vessels.decks.vessel')}
        data={(vessels.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
        value={vesselId ? String(vesselId) : null}
        onChange={(value) => chooseVessel(idParam(value))}
        searchable
        maw={420}
      />
      {vesselId === null && <Text c="dimmed">{t('vessels.decks.chooseVessel')}</Text>}
      {vesselId !== null && (decks.isPending || cabins.isPending) && (
        <Loader aria-label={t('datatable.loading')} />
      )}
      {vesselId !== null && decks.data && (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SectionCard title={t('vessels.decks.list')} icon={IconStairs}>
              <DeckList
                vesselId={vesselId}
                decks={decks.data}
                selected={deck?.id ?? null}
                onSelect={chooseDeck}
                canEdit={canEdit}
              />
            </SectionCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {deck ? (
              <Stack gap="md">
                <Paper withBorder p="md" radius="md">
                  <Title order={3} size="h4" mb="sm">
                    {t('vessels.plan.title', { name: deck.name })}
                  </Title>
                  <DeckPlan
                    deck={deck}
                    cabins={cabins.data ?? []}
                    selectedCabin={selectedCabin}
                    onSelectCabin={setSelectedCabin}
                    onPlace={(position) =>
                      selectedCabin !== null && onPlace(selectedCabin, deck.id, position)
                    }
                    canEdit={canEdit}
                  />
                </Paper>
                <SectionCard title={t('vessels.cabins.title')} icon={IconBed}>
                  <DeckCabins
                    deck={deck}
                    decks={decks.data}
                    cabins={cabins.data ?? []}
                    selected={selectedCabin}
                    onSelect={setSelectedCabin}
                    onPlace={onPlace}
                    busy={place.isPending}
                    canEdit={canEdit}
                  />
                </SectionCard>
              </Stack>
            ) : (
              <Text c="dimmed">{t('vessels.decks.chooseDeck')}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
