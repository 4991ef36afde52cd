import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, Group, Notification } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hideMessage, showError } from './messages.ts';

/** The one "no connection" message: shown once however often the browser says so, gone when it is back online. */
const OFFLINE_MESSAGE = 'atoll-offline';

/** Registers the service worker at the root and offers a reload when a new version is waiting. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Without the network the worker's script cannot be fetched. Other refusals (a browser that keeps no site data,
    // an automated browser that blocks workers) leave a working app without offline use: no message for those.
    onRegisterError: () => {
      if (!navigator.onLine) showError(t('app.offline'), OFFLINE_MESSAGE);
    },
  });

  useEffect(() => {
    const offline = () => showError(t('app.offline'), OFFLINE_MESSAGE);
    const online = () => hideMessage(OFFLINE_MESSAGE);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);

  if (!needRefresh) return null;
  return (
    <Notification
      title={t('app.updateTitle')}
      onClose={() => setNeedRefresh(false)}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1000, maxWidth: 360 }}
    >
      <Group justify="space-between" mt="xs">
        {t('app.updateText')}
        <Button size="xs" onClick={() => void updateServiceWorker(true)}>
          {t('app.reload')}
        </Button>
      </Group>
    </Notification>
  );
}
