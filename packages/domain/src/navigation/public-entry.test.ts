import { describe, expect, it } from 'vitest';
import { isPublicEntryPath, PUBLIC_SHELL_SCRIPT, publicShellHtml } from './public-entry.ts';

type TPage = { path: string; search?: string; cookie?: string; languages?: string[] };

/** Runs the shell's inline script against a stub page; answers what it showed and the document language. */
function runShell({ path, search = '', cookie = '', languages = [] }: TPage) {
  const heading = { textContent: '' };
  const shell = {
    hidden: true,
    querySelector: (selector: string) => (selector === 'h1' ? heading : null),
    getAttribute: (name: string) =>
      ({ 'data-de': 'Reise buchen', 'data-en': 'Book your trip' })[name] ?? null,
  };
  const documentStub = {
    documentElement: { lang: 'de' },
    cookie,
    getElementById: (id: string) => (id === 'shell' ? shell : null),
  };
  new Function('document', 'location', 'navigator', PUBLIC_SHELL_SCRIPT)(
    documentStub,
    { pathname: path, search },
    { languages },
  );
  return { shown: !shell.hidden, title: heading.textContent, lang: documentStub.documentElement.lang };
}

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
    expect(runShell({ path: '/book/online-v2', languages: ['en-US'] })).toEqual({
      shown: true,
      title: 'Book your trip',
      lang: 'en',
    });
    expect(runShell({ path: '/book/resort', search: '?lang=de', languages: ['en-US'] }).title).toBe(
      'Reise buchen',
    );
    expect(runShell({ path: '/book/resort-v2/', cookie: 'a=1; lang=de', languages: ['en'] })).toEqual({
      shown: true,
      title: 'Reise buchen',
      lang: 'de',
    });
    expect(runShell({ path: '/book/online', languages: ['fr-FR', 'de-AT'] }).lang).toBe('de');
    expect(runShell({ path: '/book/online', search: '?lang=xx', languages: ['fr'] }).title).toBe(
      'Book your trip',
    );
  });

  it('stays hidden on the other public pages (widget, forms), which look different', () => {
    for (const path of ['/widget/main', '/forms/1/token', '/guestform/1/token', '/book/online-v2/x']) {
      expect(runShell({ path, languages: ['en'] }), path).toEqual({ shown: false, title: '', lang: 'de' });
    }
  });

  it('puts both languages escaped into the markup and the script after it', () => {
    const html = publicShellHtml({ de: 'Reise "buchen" & <mehr>', en: 'Book' });
    expect(html).toContain('data-de="Reise &quot;buchen&quot; &amp; &lt;mehr>" data-en="Book"');
    expect(html.indexOf('<main id="shell" hidden')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(`<script>${PUBLIC_SHELL_SCRIPT}</script>`);
  });
});
