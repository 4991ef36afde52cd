import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api.ts';
import { setLanguage } from '../app/language.ts';
import { session } from '../app/session.ts';

/** de | en; a logged-in user's choice is also saved in their settings. */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const change = (value: string) => {
    const lang = value as TLanguage;
    void setLanguage(lang);
    if (session.token()) {
      void api('/users/self', { method: 'POST', body: { settings: { language: lang } }, silent: true }).catch(
        () => {},
      );
    }
  };
  return (
    <SegmentedControl
      size="xs"
      value={i18n.language}
      onChange={change}
      aria-label={t('app.language')}
      data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}
