import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// Relative: the config is bundled, a workspace package would be loaded by Node as untranspiled TS.
import {
  LOGIN_SHELL_CSS,
  loginShellHtml,
  PUBLIC_ENTRY_PATTERNS,
  PUBLIC_SHELL_CSS,
  publicShellHtml,
  shellsHtml,
} from '../../packages/domain/src/navigation/public-entry.ts';

type TTexts = { [key: string]: string | TTexts };
/** A text of an i18n file (src/i18n or a feature's), by its dotted key, in both languages. */
function text(file: (lang: 'de' | 'en') => string, key: string): Record<'de' | 'en', string> {
  const read = (lang: 'de' | 'en') => {
    const tree = JSON.parse(readFileSync(new URL(file(lang), import.meta.url), 'utf8')) as TTexts;
    const found = key
      .split('.')
      .reduce<TTexts | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        tree,
      );
    if (typeof found !== 'string') throw new Error(`shell text ${key} missing in ${file(lang)}`);
    return found;
  };
  return { de: read('de'), en: read('en') };
}

/**
 * The entry's stylesheet without blocking the shell's paint: fetched at once (preload), applied by
 * src/app/styles.ts (media all) before React's first render, so nothing renders unstyled.
 */
const nonBlockingStyles = (html: string) =>
  html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)">/,
    '<link rel="preload" as="style" crossorigin href="$1">' +
      '<link rel="stylesheet" crossorigin href="$1" media="print" id="entry-styles">',
  );

/** The first screens painted from public.html (public-entry.ts): the booking pages' and the login's. */
function shells(): Plugin {
  const online = (lang: 'de' | 'en') => `src/features/online/i18n/${lang}.json`;
  const shell = (lang: 'de' | 'en') => `src/i18n/${lang}.json`;
  return {
    name: 'atoll-shells',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) =>
        nonBlockingStyles(
          filename.endsWith('public.html')
            ? html
                .replace('<!-- shell:css -->', `<style>${PUBLIC_SHELL_CSS}${LOGIN_SHELL_CSS}</style>`)
                .replace(
                  '<!-- shell:html -->',
                  shellsHtml([
                    publicShellHtml(text(online, 'online.step.search')),
                    loginShellHtml(text(shell, 'auth.login.title'), text(shell, 'auth.login.intro')),
                  ]),
                )
            : html,
        ),
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    shells(),
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
        // The guests' pages and the login come from the network (public.html), never the back office's index.html.
        navigateFallbackDenylist: [/^\/api\//, /^\/version$/, /^\/clearCache$/, ...PUBLIC_ENTRY_PATTERNS],
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
