import '@mantine/core/styles.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../app/query.ts';
import { baseTheme, cssVariablesResolver } from '../app/theme-base.ts';
import './i18n.ts';
import { PUBLIC_PAGES } from './pages.ts';
import { matchPath } from './route.ts';

// The light entry for guests (online booking, widget, guest forms, custom forms): no session, no side
// drawer, no router library, no back-office texts. Budget enforced by apps/web/scripts/check-bundle.mjs.
const match = PUBLIC_PAGES.find(({ path }) => matchPath(path, location.pathname) !== null);
const Page = match?.page;

const root = document.getElementById('root');
if (root && Page)
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
  );
