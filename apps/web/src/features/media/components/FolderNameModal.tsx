import type { TMediaFolder } from '@atoll/domain/inventory/media';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSaveFolder } from '../api.ts';

type TProps = {
  /** The folder to rename; none creates a new one under `parentId`. */
  folder?: TMediaFolder | undefined;
  parentId?: number | null | undefined;
  onClose: () => void;
  onSaved: (folder: TMediaFolder) => void;
};

/** Asks for a folder's name, for a new folder or a renamed one. */
export function FolderNameModal({ folder, parentId, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(folder?.name ?? '');
  const save = useSaveFolder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const body = folder ? { name: name.trim() } : { name: name.trim(), parentId: parentId ?? null };
    save.mutate(
      { ...(folder ? { id: folder.id } : {}), body },
      {
        onSuccess: (saved) => {
          showSuccess(t(folder ? 'common.saved' : 'common.created'));
          onSaved(saved);
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(folder ? 'media.folders.rename' : 'media.folders.create')}
      centered
    >
      <form onSubmit={submit}>
        <TextInput
          label={t('media.folders.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={200}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
