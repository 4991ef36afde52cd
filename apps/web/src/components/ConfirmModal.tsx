import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** Red by default: most confirmations guard something destructive. */
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone, such as a delete or issuing an invoice. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  busy,
  color = 'red',
  onConfirm,
  onClose,
}: TProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color={color} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

type TDeleteProps = Omit<TProps, 'title' | 'text' | 'confirmLabel'> & { name: string };

/** The one question before deleting a record: "Delete <name>?" with the same words everywhere. */
export function DeleteModal({ name, ...props }: TDeleteProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      {...props}
      title={t('common.deleteTitle')}
      text={t('common.deleteText', { name })}
      confirmLabel={t('common.delete')}
    />
  );
}
