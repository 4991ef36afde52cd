import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../constants.ts';
import { LOGIN_PATHS } from './paths.ts';

// The paths served by the light public entry (apps/web/public.html) instead of the back office
// (index.html): online booking, the widget, guest forms and custom forms (by prefix), and the two login pages
// (the first page staff, agents and customers open on a phone). The service worker leaves them to the network.
const PUBLIC_ENTRY_PREFIXES = [
  '/book/online',
  '/book/resort',
  '/widget/',
  '/guestform/',
  '/guestform-m/',
  '/forms/',
];
export const PUBLIC_ENTRY_PATTERNS: readonly RegExp[] = [
  ...PUBLIC_ENTRY_PREFIXES.map((prefix) => new RegExp(`^${prefix}`)),
  ...LOGIN_PATHS.map((path) => new RegExp(`^${path}/?$`)),
];

export const isPublicEntryPath = (path: string) =>
  PUBLIC_ENTRY_PATTERNS.some((pattern) => pattern.test(path));

// First screens painted straight from the HTML (for Lighthouse on a phone): React, Mantine and the page's chunk
// need a few seconds on a slow phone, and the page stood empty until they ran. A shell is the page's heading
// (and intro) with the same font and size; React replaces it with the real page on its first render
// (src/public/main.tsx renders once the page's chunk and the styles are loaded: no spinner in between). Two
// shells, both in public.html: the guests' booking pages and the login. The vite build puts their markup
// (texts from the i18n files) and the inline SHELL_SCRIPT into public.html (shellsHtml); the server allows that
// one inline script by its hash (CSP).

/**
 * Shows the shell (`<main data-paths>`) whose `data-paths` match the path, in the language the app will choose:
 * ?lang= (only with `data-query-lang`: the guests' pages), the language cookie, the browser, else
 * `data-default`. Every element with `data-<lang>` gets that text.
 */
export const SHELL_SCRIPT = `(function () {
  var shells = document.querySelectorAll('main[data-paths]');
  for (var s = 0; s < shells.length; s++) {
    var shell = shells[s];
    if (!new RegExp(shell.getAttribute('data-paths')).test(location.pathname)) continue;
    var wanted = shell.hasAttribute('data-query-lang') ? [new URLSearchParams(location.search).get('lang')] : [];
    var cookie = document.cookie.split('; ').filter(function (c) { return c.indexOf('lang=') === 0; })[0];
    if (cookie) wanted.push(decodeURIComponent(cookie.slice(5)));
    wanted = wanted.concat(navigator.languages || []);
    var lang = shell.getAttribute('data-default');
    for (var i = 0; i < wanted.length; i++) {
      var code = (wanted[i] || '').toLowerCase().slice(0, 2);
      if (${JSON.stringify(LANGUAGES)}.indexOf(code) >= 0) { lang = code; break; }
    }
    document.documentElement.lang = lang;
    var texts = shell.querySelectorAll('[data-' + lang + ']');
    for (var j = 0; j < texts.length; j++) texts[j].textContent = texts[j].getAttribute('data-' + lang);
    shell.hidden = false;
  }
})();`;

const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

type TShell = {
  /** The element's id, which its CSS styles. */
  id: 'shell-book' | 'shell-login';
  /** The paths (a regular expression) that show the shell. */
  paths: string;
  /** The language when neither the cookie nor the browser names one the app has. */
  fallback: TLanguage;
  /** Whether ?lang= chooses the language (the guests' pages). */
  queryLang: boolean;
  /** The texts in order, each an element with its text by language. */
  parts: { tag: 'h1' | 'p'; text: Record<TLanguage, string> }[];
};

/** A shell's markup for `#root`. */
function shellHtml(shell: TShell): string {
  const parts = shell.parts
    .map(({ tag, text }) => {
      const data = LANGUAGES.map((lang) => `data-${lang}="${attribute(text[lang])}"`).join(' ');
      return `<${tag} ${data}></${tag}>`;
    })
    .join('');
  const query = shell.queryLang ? ' data-query-lang' : '';
  return `<main id="${shell.id}" hidden data-paths="${attribute(shell.paths)}" data-default="${shell.fallback}"${query}><div>${parts}</div></main>`;
}

/** The shells' markup for `#root`, followed by the one SHELL_SCRIPT that shows the one matching the path. */
export const shellsHtml = (shells: readonly string[]) => `${shells.join('')}<script>${SHELL_SCRIPT}</script>`;

/** The booking pages' shell CSS, inlined in public.html's head: it paints without waiting for any stylesheet. */
export const PUBLIC_SHELL_CSS = [
  'body{margin:0}',
  '#shell-book{display:flex;flex-direction:column;padding:16px 0;color:#000;-webkit-font-smoothing:antialiased;',
  'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  '#shell-book[hidden]{display:none}',
  '#shell-book>div{box-sizing:border-box;width:100%;max-width:720px;margin:0 auto;padding:12px}',
  '#shell-book h1{margin:0;font-size:22px;font-weight:700;line-height:1.4}',
].join('');

/**
 * The booking pages' shell (the widget and the forms look different): the search step's heading (Mantine
 * Title h3 in the flow's Stack, theme-base.ts's font).
 */
export const publicShellHtml = (titles: Record<TLanguage, string>) =>
  shellHtml({
    id: 'shell-book',
    paths: '^/book/(online|resort)(-v2)?/?$',
    fallback: 'en',
    queryLang: true,
    parts: [{ tag: 'h1', text: titles }],
  });

/**
 * The login's shell CSS: the login card's heading and intro as AuthLayout and PageHeader draw
 * them (Title size h2, dimmed Text sm, the card's width and padding, the page's grey).
 */
export const LOGIN_SHELL_CSS = [
  'body{margin:0}',
  '#shell-login{display:block;box-sizing:border-box;min-height:100dvh;padding:76px 12px 0;background:#f8f9fa;',
  '-webkit-font-smoothing:antialiased;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  '#shell-login[hidden]{display:none}',
  '#shell-login>div{box-sizing:border-box;max-width:440px;margin:0 auto;padding:20px;background:#fff;',
  'border:1px solid #dee2e6;border-radius:16px}',
  '@media (min-width:36em){#shell-login>div{padding:32px}}',
  '#shell-login h1{margin:0;font-size:26px;font-weight:700;line-height:1.35;color:#000}',
  '#shell-login p{margin:4px 0 0;font-size:14px;line-height:1.45;color:#495057}',
].join('');

/** The login's shell: its title and intro (auth.login.title, auth.login.intro), in the language the app will show. */
export const loginShellHtml = (title: Record<TLanguage, string>, intro: Record<TLanguage, string>) =>
  shellHtml({
    id: 'shell-login',
    paths: '^/login/?$',
    fallback: DEFAULT_LANGUAGE,
    queryLang: false,
    parts: [
      { tag: 'h1', text: title },
      { tag: 'p', text: intro },
    ],
  });
