import './styles.ts';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../app/query.ts';
import { applyStyles } from '../app/styles.ts';
import { baseTheme, cssVariablesResolver } from '../app/theme-base.ts';
import './i18n.ts';
import { PUBLIC_PAGES } from './pages.ts';
import { matchPath } from './route.ts';

// The light entry for guests (online booking, widget, guest forms, custom forms): no session, no side
// drawer, no router library, no back-office texts. Budget enforced by apps/web/scripts/check-bundle.mjs.
const match = PUBLIC_PAGES.find(({ path }) => matchPath(path, location.pathname) !== null);
const root = document.getElementById('root');

// The first render waits for the page's chunk and the styles: until then the booking pages show the shell from
// public.html (@atoll/domain/navigation/public-entry) instead of a spinner. A transition renders in short
// slices, so the phone's main thread is never blocked long while the page builds (Lighthouse TBT).
if (root && match)
  void Promise.all([match.load(), applyStyles()]).then(([{ default: Page }]) =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <MantineProvider
            theme={baseTheme()}
            defaultColorScheme="light"
            cssVariablesResolver={cssVariablesResolver}
          >
            <QueryClientProvider client={queryClient}>
              <Suspense
                fallback={
                  <Center h="60vh">
                    <Loader />
                  </Center>
                }
              >
                <Page />
              </Suspense>
            </QueryClientProvider>
          </MantineProvider>
        </StrictMode>,
      ),
    ),
  );
