import { LOGO_MAX_BYTES, LOGO_TYPES } from '@atoll/domain/settings';
import { Button, Card, Center, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useRemoveLogo, useUploadLogo } from '../api.ts';

/** The company logo: preview, upload (PNG or JPEG up to 1 MB) and remove with confirmation. */
export function LogoCard({ logo, company }: { logo: string | null; company: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [confirming, setConfirming] = useState(false);

  const choose = (file: File | null) => {
    if (!file) return;
    // Checked here for a quick answer; the server checks again by the file's bytes.
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return showError(t('config.company.logoType'));
    if (file.size > LOGO_MAX_BYTES) return showError(t('config.company.logoSize'));
    upload.mutate(file, { onSuccess: () => showSuccess(t('config.company.logoSaved')) });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="company-logo">
      <Stack gap="md">
        <Title order={2} size="h4" id="company-logo">
          {t('config.company.logo')}
        </Title>
        <Center bg="var(--mantine-color-default-hover)" h={140} style={{ borderRadius: 8 }}>
          {logo ? (
            <Image
              src={logo}
              alt={t('config.company.logoAlt', { company })}
              mah={120}
              maw="90%"
              fit="contain"
            />
          ) : (
            <Stack align="center" gap={4}>
              <IconPhotoOff size={32} aria-hidden />
              <Text size="sm" c="dimmed">
                {t('config.company.noLogo')}
              </Text>
            </Stack>
          )}
        </Center>
        <Text size="xs" c="dimmed">
          {t('config.company.logoHint')}
        </Text>
        <Group gap="xs">
          <FileButton onChange={choose} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {t(logo ? 'config.company.replaceLogo' : 'config.company.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('config.company.removeLogo')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('config.company.removeLogo')}
        text={t('config.company.removeLogoText')}
        confirmLabel={t('config.company.removeLogo')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              showSuccess(t('config.company.logoRemoved'));
            },
            onError: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
