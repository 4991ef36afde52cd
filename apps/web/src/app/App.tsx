import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// From react-router/dom: navigations then honour `flushSync`, so a login's redirect wins over the re-render.
import { RouterProvider } from 'react-router/dom';
import { configureApi } from './api.ts';
import { apiErrorText } from './api-error-text.ts';
import { isBootstrapped, useBootstrap } from './bootstrap.ts';
import { i18n } from './i18n.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { showError } from './messages.ts';
import { queryClient } from './query.ts';
import { createRouter } from './router.tsx';
import { CACHE_RELOAD_EVENT, session } from './session.ts';
import { buildTheme } from './theme.ts';
import { cssVariablesResolver } from './theme-base.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

session.restore();
configureApi({
  token: session.token,
  // The token-expired action: forget the session; the guard then sends the user to login.
  onTokenExpired: () => session.clear(),
  onError: (error) => {
    if (error.description === 'UNAUTHORIZED' && !isBootstrapped()) return;
    showError(apiErrorText(error));
  },
});

export function App() {
  useEffect(() => {
    const reload = () => queryClient.invalidateQueries();
    window.addEventListener(CACHE_RELOAD_EVENT, reload);
    return () => window.removeEventListener(CACHE_RELOAD_EVENT, reload);
  }, []);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}

/** Mantine with the installation's brand colour (from the bootstrap) and labels in the current language. */
function ThemedApp() {
  const router = useMemo(createRouter, []);
  const { t, i18n: i18nInstance } = useTranslation();
  const brand = useBootstrap().data?.theme.primaryColor;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const theme = useMemo(() => buildTheme(t, brand), [t, brand, i18nInstance.language]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* Bottom right: top-right messages covered the page actions below the header. */}
      <Notifications position="bottom-right" />
      <LoadingBar />
      <UpdatePrompt />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
