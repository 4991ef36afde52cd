import { describe, expect, it } from 'vitest';
import { isOrigin, ZCreateWidget, ZOrigin, ZWidgetSlug } from './widgets.ts';

describe('widget rules', () => {
  it('takes origins only: scheme://host[:port]', () => {
    for (const ok of [
      'https://www.example.com',
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'https://shop.example.co.uk',
      'http://[::1]:8080',
    ])
      expect(isOrigin(ok), ok).toBe(true);
    for (const bad of [
      'example.com',
      'https://example.com/path',
      'https://example.com/',
      'ftp://example.com',
      'https://a b.com',
      'https://example.com:99999',
      'https://example.com:443',
      'https://-bad.com',
      'https://example.com?x=1',
      'https://example.com;frame-ancestors *',
    ])
      expect(isOrigin(bad), bad).toBe(false);
    expect(ZOrigin.parse(' https://Shop.Example.com/ ')).toBe('https://shop.example.com');
  });

  it('takes slugs of lower case letters, digits and inner dashes', () => {
    for (const ok of ['main', 'reef-widget-2', 'a', '0'])
      expect(ZWidgetSlug.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['Main', '-a', 'a-', 'a_b', 'ä', '', 'a'.repeat(65)])
      expect(ZWidgetSlug.safeParse(bad).success, bad).toBe(false);
  });

  it('fills the defaults of a new widget', () => {
    expect(ZCreateWidget.parse({ name: 'W', slug: 'w', assetType: 'vessel', assetId: 1 })).toEqual({
      name: 'W',
      slug: 'w',
      assetType: 'vessel',
      assetId: 1,
      language: 'en',
      look: {},
      allowedOrigins: [],
      active: true,
    });
  });
});
