import type { TMailAttachmentKind, TMailTemplateState } from '@atoll/domain/mail';
import type { Executor } from './client.ts';
import { mailSchedules, mailTemplates, settings } from './schema.ts';

// The default mail templates in German and English: one per booking state or event.
// Operators change them at /config/mailtemplates; {{placeholders}} are listed in @atoll/domain/mail.

type TDefault = {
  state: TMailTemplateState;
  attachments: TMailAttachmentKind[];
  de: { name: string; subject: string; body: string };
  en: { name: string; subject: string; body: string };
};

const SIGNATURE = { de: '\n\nViele Grüße\n{{company}}', en: '\n\nKind regards\n{{company}}' };

export const DEFAULT_MAIL_TEMPLATES: TDefault[] = [
  {
    state: 'planned',
    attachments: ['reservation'],
    de: {
      name: 'Reservierung',
      subject: 'Ihre Reservierung {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nvielen Dank für Ihre Reservierung {{bookingNo}} ({{asset}}) vom {{from}} bis {{to}}. Die Reservierung finden Sie im Anhang.\n\nGesamtbetrag: {{total}}',
    },
    en: {
      name: 'Reservation',
      subject: 'Your reservation {{bookingNo}}',
      body: 'Hello {{guestName}},\n\nThank you for your reservation {{bookingNo}} ({{asset}}) from {{from}} to {{to}}. Please find the reservation attached.\n\nTotal: {{total}}',
    },
  },
  {
    state: 'confirmed',
    attachments: ['confirmation'],
    de: {
      name: 'Buchungsbestätigung',
      subject: 'Buchungsbestätigung {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nIhre Buchung {{bookingNo}} ({{asset}}) vom {{from}} bis {{to}} ist bestätigt. Die Bestätigung finden Sie im Anhang.\n\nGesamtbetrag: {{total}}\nOffen: {{openAmount}}\n\nBitte füllen Sie vor der Reise das Gästeformular für jeden Gast aus:\n{{guestFormLink}}',
    },
    en: {
      name: 'Booking confirmation',
      subject: 'Booking confirmation {{bookingNo}}',
      body: 'Hello {{guestName}},\n\nYour booking {{bookingNo}} ({{asset}}) from {{from}} to {{to}} is confirmed. Please find the confirmation attached.\n\nTotal: {{total}}\nOpen: {{openAmount}}\n\nBefore your trip, please fill in the guest form for every guest:\n{{guestFormLink}}',
    },
  },
  {
    state: 'aborted',
    attachments: [],
    de: {
      name: 'Stornierung',
      subject: 'Stornierung Ihrer Buchung {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nIhre Buchung {{bookingNo}} ({{asset}}, {{from}} bis {{to}}) wurde storniert.',
    },
    en: {
      name: 'Cancellation',
      subject: 'Cancellation of your booking {{bookingNo}}',
      body: 'Hello {{guestName}},\n\nYour booking {{bookingNo}} ({{asset}}, {{from}} to {{to}}) has been cancelled.',
    },
  },
  {
    state: 'invoice',
    attachments: [],
    de: {
      name: 'Rechnung',
      subject: 'Ihre Rechnung zur Buchung {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nim Anhang finden Sie die Rechnung zu Ihrer Buchung {{bookingNo}}. Offener Betrag: {{openAmount}}.\n\nOnline ansehen und bezahlen: {{invoiceLink}}',
    },
    en: {
      name: 'Invoice',
      subject: 'Your invoice for booking {{bookingNo}}',
      body: 'Hello {{guestName}},\n\nPlease find attached the invoice for your booking {{bookingNo}}. Open amount: {{openAmount}}.\n\nView and pay online: {{invoiceLink}}',
    },
  },
  {
    state: 'guestform',
    attachments: [],
    de: {
      name: 'Gästeformular',
      subject: 'Bitte füllen Sie das Gästeformular aus ({{bookingNo}})',
      body: 'Hallo {{guestName}},\n\nfür Ihre Reise vom {{from}} bis {{to}} ({{asset}}) benötigen wir noch einige Angaben. Bitte füllen Sie das Gästeformular aus:\n\n{{guestFormLink}}',
    },
    en: {
      name: 'Guest form',
      subject: 'Please fill in the guest form ({{bookingNo}})',
      body: 'Hello {{guestName}},\n\nFor your trip from {{from}} to {{to}} ({{asset}}) we still need some details. Please fill in the guest form:\n\n{{guestFormLink}}',
    },
  },
  {
    state: 'payment',
    attachments: [],
    de: {
      name: 'Zahlungserinnerung',
      subject: 'Zahlungserinnerung zur Buchung {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nfür Ihre Buchung {{bookingNo}} sind {{openAmount}} offen, fällig am {{nextDueDate}}.\n\n{{invoiceLink}}',
    },
    en: {
      name: 'Payment reminder',
      subject: 'Payment reminder for booking {{bookingNo}}',
      body: 'Hello {{guestName}},\n\n{{openAmount}} of your booking {{bookingNo}} is open, due on {{nextDueDate}}.\n\n{{invoiceLink}}',
    },
  },
];

/** Inserts the default templates in both languages. */
export async function seedMail(ex: Executor) {
  await ex.insert(mailTemplates).values(
    DEFAULT_MAIL_TEMPLATES.flatMap((t) =>
      (['de', 'en'] as const).map((language) => ({
        name: t[language].name,
        state: t.state,
        language,
        subject: t[language].subject,
        body: t[language].body + SIGNATURE[language],
        attachments: t.attachments,
      })),
    ),
  );
}

const SCHEDULED_TEMPLATES = {
  reminder: {
    de: {
      name: 'Reise in Kürze',
      subject: 'In einer Woche geht es los: {{bookingNo}}',
      body: 'Hallo {{guestName}},\n\nin einer Woche beginnt Ihre Reise ({{asset}}, {{from}} bis {{to}}). Falls noch nicht geschehen, füllen Sie bitte das Gästeformular aus:\n{{guestFormLink}}\n\nOffen: {{openAmount}}',
    },
    en: {
      name: 'Trip coming up',
      subject: 'Your trip starts in a week: {{bookingNo}}',
      body: 'Hello {{guestName}},\n\nYour trip ({{asset}}, {{from}} to {{to}}) starts in a week. If you have not done so yet, please fill in the guest form:\n{{guestFormLink}}\n\nOpen: {{openAmount}}',
    },
  },
  thanks: {
    de: {
      name: 'Danke für Ihren Besuch',
      subject: 'Danke für Ihren Besuch ({{bookingNo}})',
      body: 'Hallo {{guestName}},\n\nvielen Dank, dass Sie bei uns waren ({{asset}}, {{from}} bis {{to}}). Wir freuen uns, Sie wiederzusehen.',
    },
    en: {
      name: 'Thank you for your visit',
      subject: 'Thank you for your visit ({{bookingNo}})',
      body: 'Hello {{guestName}},\n\nThank you for staying with us ({{asset}}, {{from}} to {{to}}). We look forward to seeing you again.',
    },
  },
} as const;

/**
 * The living demo's mail scheduler: a reminder a week before arrival and a thank-you three days after departure,
 * in both languages, with the switch on.
 */
export async function seedMailSchedules(ex: Executor) {
  const rules = [
    { key: 'reminder', name: 'Reminder a week before arrival', anchor: 'arrival', days: -7 },
    { key: 'thanks', name: 'Thank you after departure', anchor: 'departure', days: 3 },
  ] as const;
  for (const rule of rules) {
    const ids: Record<'de' | 'en', number> = { de: 0, en: 0 };
    for (const language of ['de', 'en'] as const) {
      const text = SCHEDULED_TEMPLATES[rule.key][language];
      const [row] = await ex
        .insert(mailTemplates)
        .values({ ...text, body: text.body + SIGNATURE[language], state: 'custom', language })
        .returning({ id: mailTemplates.id });
      ids[language] = row?.id ?? 0;
    }
    await ex.insert(mailSchedules).values({
      name: rule.name,
      anchor: rule.anchor,
      days: rule.days,
      templateIdDe: ids.de,
      templateIdEn: ids.en,
    });
  }
  await ex
    .insert(settings)
    .values({ group: 'features', key: 'mailScheduler', value: true })
    .onConflictDoNothing();
}
