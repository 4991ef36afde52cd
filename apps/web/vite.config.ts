import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// Relative: the config is bundled, a workspace package would be loaded by Node as untranspiled TS.
import { PUBLIC_ENTRY_PREFIXES } from '../../packages/domain/src/navigation/public-entry.ts';

export default defineConfig({
  plugins: [
    react(),
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
