import { describe, expect, it } from 'vitest';
import { isPublicEntryPath, loginShellHtml, publicShellHtml, SHELL_SCRIPT } from './public-entry.ts';

type TPage = { path: string; search?: string; cookie?: string; languages?: string[] };

const fromAttribute = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&');
const attributesOf = (tag: string) =>
  new Map(
    [...tag.matchAll(/ ([a-z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1] ?? '', fromAttribute(m[2] ?? '')]),
  );

/**
 * Runs the inline script against a stub page holding the shell's markup as the build writes it; answers
 * whether it showed, the texts it wrote and the document language.
 */
function runShell(html: string, { path, search = '', cookie = '', languages = [] }: TPage) {
  const main = attributesOf(html.match(/<main[^>]*>/)?.[0] ?? '');
  const parts = [...html.matchAll(/<(h1|p) ([^>]*)>/g)].map((m) => ({
    data: attributesOf(` ${m[2]}`),
    textContent: '',
  }));
  const shell = {
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
  const documentStub = {
    documentElement: { lang: 'de' },
    cookie,
    getElementById: (id: string) => (id === 'shell' ? shell : null),
  };
  new Function('document', 'location', 'navigator', SHELL_SCRIPT)(
    documentStub,
    { pathname: path, search },
    { languages },
  );
  return {
    shown: !shell.hidden,
    title: parts[0]?.textContent ?? '',
    lang: documentStub.documentElement.lang,
    texts: parts.map((part) => part.textContent),
  };
}

const booking = publicShellHtml({ de: 'Reise buchen', en: 'Book your trip' });
const bookingShell = (page: TPage) => {
  const { texts: _texts, ...rest } = runShell(booking, page);
  return rest;
};

describe('the public entry', () => {
  it('serves the guests pages, not /book or the preview', () => {
    expect(isPublicEntryPath('/book/online-v2')).toBe(true);
    expect(isPublicEntryPath('/guestform/1/abc')).toBe(true);
    expect(isPublicEntryPath('/book')).toBe(false);
    expect(isPublicEntryPath('/book/preview')).toBe(false);
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

  it('puts both languages escaped into the markup and the script after it', () => {
    const html = publicShellHtml({ de: 'Reise "buchen" & <mehr>', en: 'Book' });
    expect(html).toContain('data-de="Reise &quot;buchen&quot; &amp; &lt;mehr>" data-en="Book"');
    expect(html.indexOf('<main id="shell" hidden')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(`<script>${SHELL_SCRIPT}</script>`);
  });
});

describe('the login shell', () => {
  const login = loginShellHtml(
    { de: 'Bei Atoll anmelden', en: 'Log in to Atoll' },
    { de: 'Mit E-Mail und Passwort.', en: 'With e-mail and password.' },
  );

  it('shows title and intro in the language the back office will choose: the cookie, the browser, else German', () => {
    expect(runShell(login, { path: '/login', languages: ['en-GB'] })).toEqual({
      shown: true,
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

  it('stays hidden on every other back-office path', () => {
    for (const path of ['/', '/booking/list', '/login/club', '/register/agency']) {
      expect(runShell(login, { path, languages: ['en'] }).shown, path).toBe(false);
    }
  });
});
