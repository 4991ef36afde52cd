/**
 * Applies the entry's stylesheet (Mantine's and the app's), which index.html and public.html load without
 * blocking the shell's paint (vite.config.ts): the first render waits for it, so nothing renders unstyled.
 */
export function applyStyles(): Promise<void> {
  const link = document.getElementById('entry-styles');
  if (!(link instanceof HTMLLinkElement)) return Promise.resolve();
  const apply = () => {
    link.media = 'all';
  };
  if (link.sheet) return Promise.resolve(apply());
  return new Promise((resolve) => {
    const done = () => resolve(apply());
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}
