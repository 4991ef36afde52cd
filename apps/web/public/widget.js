// Atoll booking widget loader (issue 9): plain JavaScript, no dependencies.
// Embed: <script src="https://host/widget.js" data-atoll-widget="slug" async></script>
// Optional: data-lang="de|en" (language), data-title="…" (the iframe's accessible name),
// data-height="700" (the height before the page reports its own).
// It puts an iframe to https://host/widget/<slug>?embed=1 right after the script and sizes it from the
// height the page posts (messages from the script's own origin and that iframe only).
(() => {
  const MESSAGE = 'atoll-widget-height';
  const DONE = 'data-atoll-loaded';

  function mount(script) {
    if (script.hasAttribute(DONE)) return;
    const slug = script.getAttribute('data-atoll-widget');
    if (!slug || !/^[a-z0-9-]{1,64}$/.test(slug)) return;
    script.setAttribute(DONE, '1');
    let origin;
    try {
      origin = new URL(script.src, document.baseURI).origin;
    } catch (_e) {
      return;
    }
    const lang = script.getAttribute('data-lang');
    let src = `${origin}/widget/${slug}?embed=1`;
    if (lang === 'de' || lang === 'en') src += `&lang=${lang}`;
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = script.getAttribute('data-title') || (lang === 'de' ? 'Online-Buchung' : 'Online booking');
    frame.setAttribute('data-atoll-widget', slug);
    frame.setAttribute('allow', 'payment');
    frame.setAttribute('loading', 'lazy');
    frame.style.width = '100%';
    frame.style.minWidth = '280px';
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.style.height = `${Number(script.getAttribute('data-height')) || 700}px`;
    script.parentNode.insertBefore(frame, script.nextSibling);

    window.addEventListener('message', (event) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const data = event.data;
      if (!data || data.type !== MESSAGE || typeof data.height !== 'number') return;
      const height = Math.max(120, Math.min(20000, Math.ceil(data.height)));
      frame.style.height = `${height}px`;
    });
  }

  if (document.currentScript) mount(document.currentScript);
  const scripts = document.querySelectorAll('script[data-atoll-widget]');
  for (let i = 0; i < scripts.length; i++) mount(scripts[i]);
})();
