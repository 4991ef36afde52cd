import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlaceholderPage } from './PlaceholderPage.tsx';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlaceholderPage />
    </StrictMode>,
  );
}
