import type { TMediaFolder } from '@atoll/domain/inventory/media';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { folderTree } from './folderTree.ts';

type TProps = {
  label: string;
  folders: TMediaFolder[];
  value: number | null;
  onChange: (folderId: number | null) => void;
  disabled?: boolean;
};

/** One folder or none; subfolders are indented under their parent. */
export function FolderSelect({ label, folders, value, onChange, disabled }: TProps) {
  const { t } = useTranslation();
  const data = [
    { value: '', label: t('media.folders.none') },
    ...folderTree(folders).map(({ folder, depth }) => ({
      value: String(folder.id),
      label: `${'\u2003'.repeat(depth)}${folder.name}`,
    })),
  ];
  return (
    <Select
      label={label}
      data={data}
      value={value === null ? '' : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      allowDeselect={false}
      disabled={disabled}
    />
  );
}
