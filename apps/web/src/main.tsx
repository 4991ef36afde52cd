import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { currentLanguage, i18n, loadLanguage } from './app/i18n.ts';
import { applyStyles } from './app/styles.ts';
import { applyTranslationOverrides } from './app/text-overrides.ts';

// The first render waits for the stylesheet, the shown language's texts and the operator's text overrides (so
// that no built-in text flashes before them); slow overrides hold it back at most OVERRIDES_WAIT_MS (they
// re-render when they arrive).
const OVERRIDES_WAIT_MS = 1500;
const root = document.getElementById('root');
void Promise.all([
  loadLanguage(currentLanguage()),
  applyStyles(),
  Promise.race([
    applyTranslationOverrides(i18n),
    new Promise((resolve) => setTimeout(resolve, OVERRIDES_WAIT_MS)),
  ]),
]).then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
