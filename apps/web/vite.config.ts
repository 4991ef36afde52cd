import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// Relative: the config is bundled, a workspace package would be loaded by Node as untranspiled TS.
import {
  PUBLIC_ENTRY_PREFIXES,
  PUBLIC_SHELL_CSS,
  publicShellHtml,
} from '../../packages/domain/src/navigation/public-entry.ts';

/** The booking pages' first screen in public.html (public-entry.ts), its heading from the online feature's texts. */
function publicShell(): Plugin {
  const title = (lang: 'de' | 'en'): string => {
    const path = new URL(`src/features/online/i18n/${lang}.json`, import.meta.url);
    return JSON.parse(readFileSync(path, 'utf8')).online.step.search;
  };
  return {
    name: 'atoll-public-shell',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) =>
        filename.endsWith('public.html')
          ? html
              .replace('<!-- public-shell:css -->', `<style>${PUBLIC_SHELL_CSS}</style>`)
              .replace('<!-- public-shell:html -->', publicShellHtml({ de: title('de'), en: title('en') }))
              // Mantine's stylesheet without blocking the shell's paint: fetched at once (preload), applied by
              // src/public/main.tsx (media all) before React's first render, so nothing renders unstyled.
              .replace(
                /<link rel="stylesheet" crossorigin href="([^"]+)">/,
                '<link rel="preload" as="style" crossorigin href="$1">' +
                  '<link rel="stylesheet" crossorigin href="$1" media="print" id="public-styles">',
              )
          : html,
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    publicShell(),
    // Service worker at the site root; the app announces a new version (prompt), never reloads by itself.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Atoll',
        short_name: 'Atoll',
        description: 'Dive resort and liveaboard management',
        theme_color: '#1864ab',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        // The guests' pages come from the network (public.html), never the back office's index.html.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/version$/,
          /^\/clearCache$/,
          ...PUBLIC_ENTRY_PREFIXES.map((prefix) => new RegExp(`^${prefix}`)),
        ],
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
    }),
  ],
  build: {
    chunkSizeWarningLimit: 800,
    // Two pages: the back office and the light public entry; the manifest feeds the bundle budget check.
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('public.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/version': 'http://127.0.0.1:3000',
      '/clearCache': 'http://127.0.0.1:3000',
    },
  },
});
