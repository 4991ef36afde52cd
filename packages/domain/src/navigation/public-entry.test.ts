import { describe, expect, it } from 'vitest';
import {
  isPublicEntryPath,
  loginShellHtml,
  publicShellHtml,
  SHELL_SCRIPT,
  shellsHtml,
} from './public-entry.ts';

type TPage = { path: string; search?: string; cookie?: string; languages?: string[] };

const fromAttribute = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&');
const attributesOf = (tag: string) =>
  new Map(
    [...tag.matchAll(/ ([a-z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1] ?? '', fromAttribute(m[2] ?? '')]),
  );

/**
 * Runs the inline script against a stub page holding the shells' markup as the build writes it; answers
 * whether one showed, the texts it wrote and the document language.
 */
function runShell(html: string, { path, search = '', cookie = '', languages = [] }: TPage) {
  const shells = [...html.matchAll(/<main[^>]*>.*?<\/main>/g)].map(([markup]) => {
    const main = attributesOf(markup.match(/<main[^>]*>/)?.[0] ?? '');
    const parts = [...markup.matchAll(/<(h1|p) ([^>]*)>/g)].map((m) => ({
      data: attributesOf(` ${m[2]}`),
      textContent: '',
    }));
    return {
      id: main.get('id'),
      parts,
      hidden: true,
      getAttribute: (name: string) => main.get(name) ?? null,
      hasAttribute: (name: string) => main.has(name),
      querySelectorAll: (selector: string) => {
        const name = selector.slice(1, -1);
        return parts
          .filter((part) => part.data.has(name))
          .map((part) => Object.assign(part, { getAttribute: (n: string) => part.data.get(n) ?? null }));
      },
    };
  });
  const documentStub = {
    documentElement: { lang: 'de' },
    cookie,
    querySelectorAll: (selector: string) => (selector === 'main[data-paths]' ? shells : []),
  };
  new Function('document', 'location', 'navigator', SHELL_SCRIPT)(
    documentStub,
    { pathname: path, search },
    { languages },
  );
  const shown = shells.filter((shell) => !shell.hidden);
  const parts = shown[0]?.parts ?? [];
  return {
    shown: shown.length > 0,
    shell: shown.map((shell) => shell.id).join(),
    title: parts[0]?.textContent ?? '',
    lang: documentStub.documentElement.lang,
    texts: parts.map((part) => part.textContent),
  };
}

const booking = publicShellHtml({ de: 'Reise buchen', en: 'Book your trip' });
const bookingShell = (page: TPage) => {
  const { texts: _texts, shell: _shell, ...rest } = runShell(booking, page);
  return rest;
};

describe('the public entry', () => {
  it('serves the guests pages, not /book or the preview', () => {
    expect(isPublicEntryPath('/book/online-v2')).toBe(true);
    expect(isPublicEntryPath('/guestform/1/abc')).toBe(true);
    expect(isPublicEntryPath('/book')).toBe(false);
    expect(isPublicEntryPath('/book/preview')).toBe(false);
  });

  it('serves the two login pages, and no other back-office path', () => {
    for (const path of ['/login', '/login/', '/club/login']) expect(isPublicEntryPath(path), path).toBe(true);
    for (const path of [
      '/',
      '/login/club',
      '/loginx',
      '/club/dashboard',
      '/register/agency',
      '/password/reset',
    ])
      expect(isPublicEntryPath(path), path).toBe(false);
  });
});

describe('the booking pages shell', () => {
  it('shows the heading in the language the app will choose: ?lang=, the cookie, the browser, else en', () => {
    expect(bookingShell({ path: '/book/online-v2', languages: ['en-US'] })).toEqual({
      shown: true,
      title: 'Book your trip',
      lang: 'en',
    });
    expect(bookingShell({ path: '/book/resort', search: '?lang=de', languages: ['en-US'] }).title).toBe(
      'Reise buchen',
    );
    expect(bookingShell({ path: '/book/resort-v2/', cookie: 'a=1; lang=de', languages: ['en'] })).toEqual({
      shown: true,
      title: 'Reise buchen',
      lang: 'de',
    });
    expect(bookingShell({ path: '/book/online', languages: ['fr-FR', 'de-AT'] }).lang).toBe('de');
    expect(bookingShell({ path: '/book/online', search: '?lang=xx', languages: ['fr'] }).title).toBe(
      'Book your trip',
    );
  });

  it('stays hidden on the other public pages (widget, forms), which look different', () => {
    for (const path of ['/widget/main', '/forms/1/token', '/guestform/1/token', '/book/online-v2/x']) {
      expect(bookingShell({ path, languages: ['en'] }), path).toEqual({
        shown: false,
        title: '',
        lang: 'de',
      });
    }
  });

  it('puts both languages escaped into the markup, the shells side by side and the one script after them', () => {
    const shell = publicShellHtml({ de: 'Reise "buchen" & <mehr>', en: 'Book' });
    expect(shell).toContain('data-de="Reise &quot;buchen&quot; &amp; &lt;mehr>" data-en="Book"');
    const html = shellsHtml([shell, loginShellHtml({ de: 'A', en: 'B' }, { de: 'C', en: 'D' })]);
    expect(html.indexOf('<main id="shell-book" hidden')).toBeLessThan(
      html.indexOf('<main id="shell-login" hidden'),
    );
    expect(html.indexOf('<main id="shell-login" hidden')).toBeLessThan(html.indexOf('<script>'));
    expect(html.endsWith(`<script>${SHELL_SCRIPT}</script>`)).toBe(true);
    expect(html.split('<script>')).toHaveLength(2);
  });
});

describe('the login shell', () => {
  // As public.html holds them: the booking pages' shell and the login's.
  const login = shellsHtml([
    booking,
    loginShellHtml(
      { de: 'Bei Atoll anmelden', en: 'Log in to Atoll' },
      { de: 'Mit E-Mail und Passwort.', en: 'With e-mail and password.' },
    ),
  ]);

  it('shows title and intro in the language the back office will choose: the cookie, the browser, else German', () => {
    expect(runShell(login, { path: '/login', languages: ['en-GB'] })).toEqual({
      shown: true,
      shell: 'shell-login',
      title: 'Log in to Atoll',
      lang: 'en',
      texts: ['Log in to Atoll', 'With e-mail and password.'],
    });
    expect(runShell(login, { path: '/login', cookie: 'lang=de', languages: ['en'] }).texts).toEqual([
      'Bei Atoll anmelden',
      'Mit E-Mail und Passwort.',
    ]);
    expect(runShell(login, { path: '/login/', languages: ['fr'] }).lang).toBe('de');
    // The back office does not read ?lang=, so neither does its shell.
    expect(runShell(login, { path: '/login', search: '?lang=en', languages: ['de'] }).lang).toBe('de');
  });

  it('stays hidden on every other path; the booking pages show their own', () => {
    for (const path of ['/', '/booking/list', '/login/club', '/register/agency']) {
      expect(runShell(login, { path, languages: ['en'] }).shown, path).toBe(false);
    }
    expect(runShell(login, { path: '/book/online-v2', languages: ['en'] }).shell).toBe('shell-book');
  });
});
