import type { TLanguage } from '@atoll/domain/constants';
import type { TMail } from './mailer.ts';

// Account mails in both languages. Operator-editable templates come with the mail-template module.
const TEXTS = {
  reset: {
    de: {
      subject: 'Atoll: Passwort zurücksetzen',
      body: (name: string, link: string) =>
        `Hallo ${name},\n\nüber den folgenden Link können Sie ein neues Passwort vergeben. Er ist eine Stunde gültig und nur einmal verwendbar:\n\n${link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.`,
    },
    en: {
      subject: 'Atoll: reset your password',
      body: (name: string, link: string) =>
        `Hello ${name},\n\nUse the following link to choose a new password. It is valid for one hour and works once:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    },
  },
  verify: {
    de: {
      subject: 'Atoll: E-Mail-Adresse bestätigen',
      body: (name: string, link: string) =>
        `Hallo ${name},\n\nbitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link (24 Stunden gültig):\n\n${link}`,
    },
    en: {
      subject: 'Atoll: confirm your e-mail address',
      body: (name: string, link: string) =>
        `Hello ${name},\n\nPlease confirm your e-mail address with this link (valid for 24 hours):\n\n${link}`,
    },
  },
  registered: {
    de: {
      subject: 'Atoll: Registrierung mit Ihrer E-Mail-Adresse',
      body: (name: string, link: string) =>
        `Hallo ${name},\n\njemand hat sich gerade mit Ihrer E-Mail-Adresse registriert. Sie haben bereits ein Konto: melden Sie sich damit an. Falls Sie Ihr Passwort nicht mehr wissen, vergeben Sie hier ein neues:\n\n${link}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail; an Ihrem Konto hat sich nichts geändert.`,
    },
    en: {
      subject: 'Atoll: registration with your e-mail address',
      body: (name: string, link: string) =>
        `Hello ${name},\n\nSomeone just registered with your e-mail address. You already have an account: log in with it. If you no longer know your password, choose a new one here:\n\n${link}\n\nIf this was not you, ignore this e-mail; nothing about your account has changed.`,
    },
  },
} as const;

export function accountMail(
  kind: keyof typeof TEXTS,
  lang: TLanguage,
  to: string,
  name: string,
  link: string,
): TMail {
  const t = TEXTS[kind][lang];
  return { to, subject: t.subject, text: t.body(name || to, link) };
}
