import { LANGUAGES } from '@atoll/domain/constants';
import { type TVesselList, VESSEL_LIST_KINDS } from '@atoll/domain/inventory/vessels';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useVesselOptions } from '../api.ts';
import { ColumnPicker } from '../components/ColumnPicker.tsx';
import { PrintListModal } from '../components/PrintListModal.tsx';

type TListRow = TVesselList & Record<string, unknown>;

const SCOPES = { create: ['vessel.create'], update: ['vessel.update'], delete: ['vessel.delete'] };

/** /vessellist: printable lists (manifest, cabin list) with their columns; each prints for a departure. */
export default function VesselListsPage() {
  const { t } = useTranslation();
  const vessels = (useVesselOptions().data ?? []).map((v) => ({ value: String(v.id), label: v.name }));
  const [printing, setPrinting] = useState<TVesselList | null>(null);
  const vesselName = (id: number | null) =>
    id === null
      ? t('vessels.lists.allVessels')
      : (vessels.find((v) => v.value === String(id))?.label ?? `#${id}`);

  return (
    <>
      <ResourcePage<TListRow>
        resource="vessellist"
        title={t('vessels.lists.title')}
        intro={t('vessels.lists.intro')}
        defaultSort="name"
        scopes={SCOPES}
        columns={[
          { key: 'name', sortable: true },
          { key: 'vesselId', sortable: true, render: (row) => vesselName(row.vesselId) },
          { key: 'kind', sortable: true, render: (row) => t(`vessels.kinds.${row.kind}`) },
          {
            key: 'columns',
            wrap: true,
            render: (row) => row.columns.map((c) => t(`vessels.columns.${c}`)).join(', '),
          },
          {
            key: 'print',
            header: t('vessels.print.column'),
            render: (row) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPrinter size={14} aria-hidden />}
                onClick={() => setPrinting(row)}
                aria-label={t('vessels.print.action', { name: row.name })}
              >
                {t('vessels.print.column')}
              </Button>
            ),
          },
        ]}
        filters={[
          ...(vessels.length
            ? [{ key: 'vesselId', options: vessels, toFilter: (v: string) => ({ vesselId: Number(v) }) }]
            : []),
          {
            key: 'kind',
            options: VESSEL_LIST_KINDS.map((k) => ({ value: k, label: t(`vessels.kinds.${k}`) })),
          },
        ]}
        fields={[
          { key: 'name', kind: 'text', required: true },
          {
            key: 'vesselId',
            kind: 'select',
            numeric: true,
            options: vessels,
            description: t('vessels.lists.vesselHint'),
          },
          {
            key: 'kind',
            kind: 'select',
            required: true,
            initial: 'manifest',
            options: VESSEL_LIST_KINDS.map((k) => ({ value: k, label: t(`vessels.kinds.${k}`) })),
            description: t('vessels.lists.kindHint'),
          },
          {
            key: 'language',
            kind: 'select',
            options: LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) })),
            description: t('vessels.lists.languageHint'),
          },
          {
            key: 'columns',
            kind: 'custom',
            initial: [],
            wide: true,
            render: (props) => <ColumnPicker {...props} />,
          },
          { key: 'landscape', kind: 'switch' },
          { key: 'sort', kind: 'number', initial: 0 },
        ]}
      />
      {printing && <PrintListModal list={printing} onClose={() => setPrinting(null)} />}
    </>
  );
}
