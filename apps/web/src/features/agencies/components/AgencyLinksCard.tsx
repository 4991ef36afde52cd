import { ActionIcon, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { formatDateTime } from '../../../components/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useAgencyLinks, useDeleteAgencyLink, useSaveAgencyLink } from '../api.ts';

/** The agency's identities in connected systems; staff with agencies.update add, change and remove them. */
export function AgencyLinksCard({ agencyId, canEdit }: { agencyId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const links = useAgencyLinks(agencyId);
  const save = useSaveAgencyLink(agencyId);
  const remove = useDeleteAgencyLink(agencyId);
  const [draft, setDraft] = useState({ system: '', external: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const label = (field: string) => t(`resources.agencies.fields.link.${field}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!draft.system.trim()) return setErrors({ system: t('form.invalid.required') });
    save.mutate(
      { system: draft.system.trim(), external: draft.external },
      {
        onSuccess: () => setDraft({ system: '', external: '' }),
        // A bad system name is a path parameter: the server names it `params/system`.
        onError: (error) => setErrors(fieldErrorsOf(error, ['system', 'external'])),
      },
    );
  };

  const rows = links.data ?? [];
  return (
    <SectionCard title={t('agencies.links.title')} icon={IconLink}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('agencies.links.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={t('agencies.links.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label('system')}</Table.Th>
                <Table.Th>{label('external')}</Table.Th>
                <Table.Th>{label('updatedAt')}</Table.Th>
                {canEdit && <Table.Th aria-label={t('common.delete')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((link) => (
                <Table.Tr key={link.system}>
                  <Table.Td>{link.system}</Table.Td>
                  <Table.Td>{link.external}</Table.Td>
                  <Table.Td>{formatDateTime(link.updatedAt, i18n.language)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('agencies.links.remove', { system: link.system })}
                        loading={remove.isPending && remove.variables === link.system}
                        onClick={() => remove.mutate(link.system)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" mt="sm" gap="xs">
            <TextInput
              label={label('system')}
              description={t('agencies.links.systemHint')}
              required
              value={draft.system}
              onChange={(e) => setDraft({ ...draft, system: e.currentTarget.value })}
              error={errors.system ?? errors['']}
              style={{ flex: '1 1 160px' }}
            />
            <TextInput
              label={label('external')}
              required
              value={draft.external}
              onChange={(e) => setDraft({ ...draft, external: e.currentTarget.value })}
              error={errors.external}
              style={{ flex: '1 1 160px' }}
            />
            <Button type="submit" variant="light" loading={save.isPending}>
              {t('agencies.links.save')}
            </Button>
          </Group>
        </form>
      )}
    </SectionCard>
  );
}
