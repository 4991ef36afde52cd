import { pickLanguage } from '@atoll/domain/language';
import { useEffect, useState } from 'react';
import de from './i18n/de.json';
import en from './i18n/en.json';

type TBootstrap = { version: string; company: string | null; features: Record<string, boolean> };

// Stand-in until the web shell lands: proves the build, the serving and the API from a browser.
export function PlaceholderPage() {
  const lang = pickLanguage(navigator.languages);
  const t = (lang === 'en' ? en : de).placeholder;
  const [data, setData] = useState<TBootstrap | 'error' | null>(null);

  useEffect(() => {
    document.documentElement.lang = lang;
    fetch('/api/bootstrap')
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then(setData)
      .catch(() => setData('error'));
  }, [lang]);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '3rem auto', padding: '0 1rem' }}>
      <h1>{t.title}</h1>
      <p>{t.subtitle}</p>
      {data === null && <p>{t.loading}</p>}
      {data === 'error' && <p role="alert">{t.error}</p>}
      {data && data !== 'error' && (
        <dl>
          <dt>{t.version}</dt>
          <dd data-testid="version">{data.version}</dd>
          <dt>{t.company}</dt>
          <dd>{data.company ?? '–'}</dd>
          <dt>{t.features}</dt>
          <dd>
            {Object.entries(data.features)
              .filter(([, on]) => on)
              .map(([name]) => name)
              .join(', ')}
          </dd>
        </dl>
      )}
      <p>{t.coming}</p>
    </main>
  );
}
