import type { TLanguage } from '@atoll/domain/constants';
import type { TCustomer } from '@atoll/domain/customers';
import { fill, formatDocumentDate } from '../../documents/texts.ts';
import type { TMail } from '../../mail/mailer.ts';

// Operator-editable mail templates come with the mail-template module; until then these texts.
const LOYALTY = {
  de: {
    subject: '[Test] Ihr Treuestatus bei {company}',
    body: 'Hallo {name},\n\nvielen Dank für Ihre Treue. Ihr aktueller Stand:\n\nAufenthalte: {stays}\nUmsatz: {revenue} {currency}\nLetzter Aufenthalt: {lastStay}\n\nDies ist eine Testnachricht des Treueprogramms.',
    none: 'noch keiner',
  },
  en: {
    subject: '[Test] Your loyalty status at {company}',
    body: 'Hello {name},\n\nThank you for your loyalty. Your current status:\n\nStays: {stays}\nRevenue: {revenue} {currency}\nLast stay: {lastStay}\n\nThis is a test message of the loyalty programme.',
    none: 'none yet',
  },
} as const;

/** A test of the loyalty mail about `customer`, sent to an address the operator chooses. */
export function loyaltyTestMail(
  customer: TCustomer,
  to: string,
  opts: { lang: TLanguage; company: string; currency: string },
): TMail {
  const t = LOYALTY[opts.lang];
  return {
    to,
    subject: fill(t.subject, { company: opts.company }),
    text: fill(t.body, {
      name: customer.fullName,
      stays: customer.stays,
      revenue: customer.revenue,
      currency: opts.currency,
      lastStay: customer.lastStay ? formatDocumentDate(customer.lastStay, opts.lang) : t.none,
    }),
  };
}

/** A mail written by the office to one customer; `{name}` in subject or text becomes the customer's name. */
export function officeMail(customer: { fullName: string }, to: string, subject: string, text: string): TMail {
  const values = { name: customer.fullName };
  return { to, subject: fill(subject, values), text: fill(text, values) };
}
