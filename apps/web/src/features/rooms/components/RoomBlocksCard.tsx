import { BLOCK_KINDS, type TBlockKind, type TRoom } from '@atoll/domain/inventory/rooms';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBan, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { formatDay } from '../../../components/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useAddBlocker, useRemoveBlocker } from '../api.ts';

export const BLOCK_COLORS: Record<TBlockKind, string> = {
  Maintanance: 'violet',
  OutOfOrder: 'red',
  Event: 'grape',
};
const BLOCK_FIELDS = ['kind', 'from', 'to', 'reason'] as const;

/** Current and future blocks of a room over [from, to): listed, added and removed at once. */
export function RoomBlocksCard({ room, canEdit }: { room: TRoom; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const add = useAddBlocker();
  const remove = useRemoveBlocker();
  const [draft, setDraft] = useState({ kind: 'Maintanance' as TBlockKind, from: '', to: '', reason: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    add.mutate(
      {
        roomId: room.id,
        kind: draft.kind,
        from: draft.from,
        to: draft.to,
        reason: draft.reason.trim() || null,
      },
      {
        onSuccess: () => {
          showSuccess(t('rooms.blocks.added'));
          setDraft((d) => ({ ...d, from: '', to: '', reason: '' }));
        },
        onError: (error) => setErrors(fieldErrorsOf(error, BLOCK_FIELDS)),
      },
    );
  };

  return (
    <SectionCard title={t('rooms.edit.blocks')} icon={IconBan}>
      <Stack gap="sm">
        {room.blocked.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rooms.blocks.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={t('rooms.edit.blocks')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rooms.blocks.kind')}</Table.Th>
                  <Table.Th>{t('rooms.blocks.from')}</Table.Th>
                  <Table.Th>{t('rooms.blocks.to')}</Table.Th>
                  <Table.Th>{t('rooms.blocks.reason')}</Table.Th>
                  {canEdit && <Table.Th w={40} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {room.blocked.map((block) => (
                  <Table.Tr key={block.id}>
                    <Table.Td>
                      <Badge color={BLOCK_COLORS[block.kind]} variant="light" radius="sm">
                        {t(`rooms.blockKinds.${block.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDay(block.from, i18n.language)}</Table.Td>
                    <Table.Td>{formatDay(block.to, i18n.language)}</Table.Td>
                    <Table.Td>{block.reason}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('rooms.blocks.remove', {
                            from: formatDay(block.from, i18n.language),
                          })}
                          loading={remove.isPending && remove.variables === block.id}
                          onClick={() => remove.mutate(block.id)}
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
            <Group align="flex-start" gap="sm">
              <Select
                label={t('rooms.blocks.kind')}
                data={BLOCK_KINDS.map((k) => ({ value: k, label: t(`rooms.blockKinds.${k}`) }))}
                value={draft.kind}
                onChange={(value) => value && setDraft({ ...draft, kind: value as TBlockKind })}
                allowDeselect={false}
                error={errors.kind}
                w={180}
              />
              <TextInput
                type="date"
                label={t('rooms.blocks.from')}
                required
                value={draft.from}
                onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
                error={errors.from}
              />
              <TextInput
                type="date"
                label={t('rooms.blocks.to')}
                required
                value={draft.to}
                onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
                error={errors.to}
              />
              <TextInput
                label={t('rooms.blocks.reason')}
                value={draft.reason}
                onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value })}
                error={errors.reason}
                style={{ flex: '1 1 200px' }}
              />
              <Button
                type="submit"
                mt={25}
                loading={add.isPending}
                leftSection={<IconPlus size={14} aria-hidden />}
              >
                {t('rooms.blocks.add')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t('rooms.blocks.toHint')}
            </Text>
            {errors[''] && (
              <Alert color="red" mt="xs" py="xs">
                {errors['']}
              </Alert>
            )}
          </form>
        )}
      </Stack>
    </SectionCard>
  );
}
