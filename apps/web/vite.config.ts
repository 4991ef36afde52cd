import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
        navigateFallbackDenylist: [/^\/api\//, /^\/version$/, /^\/clearCache$/],
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
    }),
  ],
  build: { chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/version': 'http://127.0.0.1:3000',
      '/clearCache': 'http://127.0.0.1:3000',
    },
  },
});
