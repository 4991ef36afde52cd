import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyTranslationOverrides } from './app/i18n.ts';

// The operator's text overrides first, so that no built-in text flashes before them; a slow answer
// holds the app back at most OVERRIDES_WAIT_MS (they re-render when they arrive).
const OVERRIDES_WAIT_MS = 1500;
const root = document.getElementById('root');
void Promise.race([
  applyTranslationOverrides(),
  new Promise((resolve) => setTimeout(resolve, OVERRIDES_WAIT_MS)),
]).then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
