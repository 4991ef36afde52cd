import { LANGUAGES, type TLanguage } from '../constants.ts';

// The paths served by the light public entry (apps/web/public.html) instead of the back office
// (index.html): online booking, the widget, guest forms and custom forms. Prefix match.
export const PUBLIC_ENTRY_PREFIXES = [
  '/book/online',
  '/book/resort',
  '/widget/',
  '/guestform/',
  '/guestform-m/',
  '/forms/',
] as const;

export const isPublicEntryPath = (path: string) =>
  PUBLIC_ENTRY_PREFIXES.some((prefix) => path.startsWith(prefix));

// The first screen of the booking pages, painted straight from public.html (for Lighthouse on a phone):
// React, Mantine and the page's chunk need a few seconds on a slow phone, the heading then stood on an empty
// page until they ran. The shell is the page's heading with the same font, size and place (Mantine Title h3
// in the flow's Stack, theme-base.ts's font); React replaces it with the real page on its first render
// (src/public/main.tsx renders once the page's chunk and the styles are loaded: no spinner in between).
// The vite build puts PUBLIC_SHELL_HTML (texts from the online feature's i18n files) and the inline
// PUBLIC_SHELL_SCRIPT into public.html; the server allows that one inline script by its hash (CSP).

/** The paths that get the shell: the guests' booking pages (the widget and the forms look different). */
const SHELL_PATH = '^/book/(online|resort)(-v2)?/?$';

/** Shows the shell on the booking pages in the language src/public/i18n.ts will choose (?lang=, cookie, browser). */
export const PUBLIC_SHELL_SCRIPT = `(function () {
  var shell = document.getElementById('shell');
  if (!shell || !new RegExp(${JSON.stringify(SHELL_PATH)}).test(location.pathname)) return;
  var wanted = [new URLSearchParams(location.search).get('lang')];
  var cookie = document.cookie.split('; ').filter(function (c) { return c.indexOf('lang=') === 0; })[0];
  if (cookie) wanted.push(decodeURIComponent(cookie.slice(5)));
  wanted = wanted.concat(navigator.languages || []);
  var lang = 'en';
  for (var i = 0; i < wanted.length; i++) {
    var code = (wanted[i] || '').toLowerCase().slice(0, 2);
    if (${JSON.stringify(LANGUAGES)}.indexOf(code) >= 0) { lang = code; break; }
  }
  document.documentElement.lang = lang;
  shell.querySelector('h1').textContent = shell.getAttribute('data-' + lang);
  shell.hidden = false;
})();`;

const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The shell's CSS, inlined in public.html's head: the shell paints without waiting for any stylesheet. */
export const PUBLIC_SHELL_CSS = [
  'body{margin:0}',
  '#shell{display:flex;flex-direction:column;padding:16px 0;color:#000;-webkit-font-smoothing:antialiased;',
  'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  '#shell[hidden]{display:none}',
  '#shell>div{box-sizing:border-box;width:100%;max-width:720px;margin:0 auto;padding:12px}',
  '#shell h1{margin:0;font-size:22px;font-weight:700;line-height:1.4}',
].join('');

/** The shell's markup for `#root` in public.html; `titles`: the search step's heading by language. */
export function publicShellHtml(titles: Record<TLanguage, string>): string {
  const data = LANGUAGES.map((lang) => `data-${lang}="${attribute(titles[lang])}"`).join(' ');
  return `<main id="shell" hidden ${data}><div><h1></h1></div></main><script>${PUBLIC_SHELL_SCRIPT}</script>`;
}
