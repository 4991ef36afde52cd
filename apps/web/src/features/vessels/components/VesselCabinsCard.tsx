import { Anchor, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconBed, IconStairs } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useVesselCabins, useVesselDecks } from '../api.ts';

/** The cabins of a vessel with their deck and berths; each opens its room page. */
export function VesselCabinsCard({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation();
  const cabins = useVesselCabins(vesselId);
  const decks = useVesselDecks(vesselId);
  const deckName = (id: number | null) => decks.data?.find((d) => d.id === id)?.name ?? '';

  const body = () => {
    if (cabins.isPending) return <Loader size="sm" aria-label={t('datatable.loading')} />;
    if (!cabins.data?.length) return <Text c="dimmed">{t('vessels.cabins.none')}</Text>;
    return (
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vessels.cabins.name')}</Table.Th>
              <Table.Th>{t('vessels.cabins.deck')}</Table.Th>
              <Table.Th>{t('vessels.cabins.berths')}</Table.Th>
              <Table.Th>{t('vessels.cabins.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cabins.data.map((cabin) => (
              <Table.Tr key={cabin.id}>
                <Table.Td>
                  <Anchor component={Link} to={routePath('roomEdit', { id: cabin.id })}>
                    {cabin.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{deckName(cabin.deckId)}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{cabin.availableBeds}</Table.Td>
                <Table.Td>{t(cabin.isActive ? 'common.active' : 'common.inactive')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <SectionCard title={t('vessels.cabins.title')} icon={IconBed}>
      {body()}
      <Group mt="sm">
        <Button
          variant="default"
          size="xs"
          component={Link}
          to={`${routePath('vesselDecks')}?vessel=${vesselId}`}
          leftSection={<IconStairs size={14} aria-hidden />}
        >
          {t('vessels.cabins.toDecks')}
        </Button>
      </Group>
    </SectionCard>
  );
}
