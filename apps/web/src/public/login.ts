import { configureApi } from '../app/api.ts';
import { session } from '../app/session.ts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { i18n } from './i18n.ts';

// The login in the light entry: the back office's shell texts (src/i18n: the login's, the errors', the
// validation's) laid under the public ones, and the session of an earlier visit, so that a logged-in user is sent
// on (the page's calls are silent: it shows its own messages).
i18n.addResourceBundle('de', 'translation', de, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
session.restore();
configureApi({ token: session.token, onTokenExpired: () => session.clear(), onError: () => {} });

export { default } from '../features/auth/pages/LoginPage.tsx';
