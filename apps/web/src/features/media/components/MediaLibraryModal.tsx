import { Button, Group, Modal, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TFolderChoice, useMediaFolders, useMediaList } from '../api.ts';
import { folderTree } from './folderTree.ts';
import { MediaGrid } from './MediaGrid.tsx';

const PAGE_SIZE = 20;

type TProps = {
  onClose: () => void;
  onPick: (ids: number[]) => void;
  /** Already chosen: not offered again. */
  exclude: number[];
  /** How many more may be picked; none for no limit. */
  remaining?: number | undefined;
};

/** The image library to pick from: search, folder, a page of thumbnails; checked ones are added in order. */
export function MediaLibraryModal({ onClose, onPick, exclude, remaining }: TProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [folder, setFolder] = useState<TFolderChoice>('all');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const folders = useMediaFolders();
  const list = useMediaList({ page, size: PAGE_SIZE, search: debounced, folder, imagesOnly: true });
  const items = (list.data?.data ?? []).filter((m) => !exclude.includes(m.id));
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const full = remaining !== undefined && picked.length >= remaining;
  const toggle = (id: number) =>
    setPicked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : full ? ids : [...ids, id]));

  const folderOptions = [
    { value: 'all', label: t('media.folders.all') },
    { value: 'none', label: t('media.folders.none') },
    ...folderTree(folders.data ?? []).map(({ folder: f, depth }) => ({
      value: String(f.id),
      label: `${'\u2003'.repeat(depth)}${f.name}`,
    })),
  ];

  return (
    <Modal opened onClose={onClose} title={t('media.picker.libraryTitle')} size="xl">
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput
            label={t('media.list.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-autofocus
          />
          <Select
            label={t('media.fields.folder')}
            data={folderOptions}
            value={String(folder)}
            onChange={(v) => {
              setFolder(v === 'all' || v === 'none' || !v ? ((v ?? 'all') as TFolderChoice) : Number(v));
              setPage(1);
            }}
            allowDeselect={false}
          />
        </Group>
        <MediaGrid items={items} selected={picked} onToggle={toggle} />
        {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {full ? t('media.picker.full') : t('media.list.selected', { count: picked.length })}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button disabled={picked.length === 0} onClick={() => onPick(picked)}>
              {t('media.picker.addSelected', { count: picked.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
