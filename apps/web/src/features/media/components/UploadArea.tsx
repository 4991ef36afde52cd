import { Button, FileButton, Group, Paper, Switch, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_FILES } from './format.ts';

type TProps = {
  onFiles: (files: File[], optimize: boolean) => void;
  busy: boolean;
};

/**
 * Upload by button or by dropping files on the area; "optimize" (on by default) lets the server shrink
 * and re-encode images. The button is the keyboard's way; the drop area only adds the mouse's.
 */
export function UploadArea({ onFiles, busy }: TProps) {
  const { t } = useTranslation();
  const [optimize, setOptimize] = useState(true);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length && !busy) onFiles(files, optimize);
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      style={{ borderStyle: 'dashed', borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="media-drop"
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <FileButton
            multiple
            accept={ACCEPTED_FILES}
            onChange={(files) => files.length && onFiles(files, optimize)}
          >
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={busy}>
                {t('media.upload.button')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('media.upload.dropHint')}
          </Text>
        </Group>
        <Switch
          label={t('media.upload.optimize')}
          description={t('media.upload.optimizeHint')}
          checked={optimize}
          onChange={(event) => setOptimize(event.currentTarget.checked)}
        />
      </Group>
    </Paper>
  );
}
