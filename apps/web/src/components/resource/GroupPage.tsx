import { ColorSwatch, Group, Text } from '@mantine/core';
import { ResourcePage } from './ResourcePage.tsx';

/** A group of the master data (agency groups, customer groups): a name, a colour and a description. */
type TGroupRow = { id: number; name: string; color: string | null; description: string | null } & Record<
  string,
  unknown
>;

type TProps = {
  /** The generic resource (`agencygroup`, `customergroup`). */
  resource: string;
  title: string;
  intro: string;
  scopes: { create: string[]; update: string[]; delete: string[] };
};

/** The screen of a group resource: named groups with a colour swatch and a description. */
export function GroupPage({ resource, title, intro, scopes }: TProps) {
  return (
    <ResourcePage<TGroupRow>
      resource={resource}
      title={title}
      intro={intro}
      defaultSort="name"
      scopes={scopes}
      columns={[
        {
          key: 'name',
          sortable: true,
          render: (row) => (
            <Group gap="xs" wrap="nowrap">
              {row.color && <ColorSwatch color={row.color} size={12} aria-hidden />}
              <Text span size="sm">
                {row.name}
              </Text>
            </Group>
          ),
        },
        { key: 'description', wrap: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'color', kind: 'color' },
        { key: 'description', kind: 'textarea', wide: true },
      ]}
    />
  );
}
