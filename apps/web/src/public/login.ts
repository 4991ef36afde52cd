import { configureApi } from '../app/api.ts';
import { session } from '../app/session.ts';
import { applyTranslationOverrides } from '../app/text-overrides.ts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { i18n } from './i18n.ts';

// The login in the light entry: the back office's shell texts (src/i18n: the login's, the errors', the
// validation's) laid under the public ones, and the session of an earlier visit, so that a logged-in user is sent
// on (the page's calls are silent: it shows its own messages). The operator's text overrides follow when they
// arrive, as in the back office (the page paints without waiting for them).
i18n.addResourceBundle('de', 'translation', de, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
session.restore();
configureApi({ token: session.token, onTokenExpired: () => session.clear(), onError: () => {} });
void applyTranslationOverrides(i18n);

export { default } from '../features/auth/pages/LoginPage.tsx';
