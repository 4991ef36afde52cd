import type { TLanguage } from '@atoll/domain/constants';
import { OPTION_WARNING_HOURS } from '@atoll/domain/settings';
import type { Executor, Tx } from '../../db/client.ts';
import type { TOptionNotice } from '../bookings/write/booking-hooks.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { raiseBookingTodos } from '../todos/raise-todos.flow.ts';
import { createMailRepository } from './mail.repository.ts';

const mailRepository = createMailRepository();
const settingsRepository = createSettingsRepository();

// An option does not lapse in silence (docs/domain/options.md): some hours before (setting
// booking.optionWarningHours) and when it lapses, the booking gets a todo and the office a mail; with
// booking.optionMailsToGuest the guest (or the booking's agency) gets one too. Each mail once per option
// expiry (the queue's dedup key), in the reader's language.

type TNoticeSettings = {
  officeEmail: string | null;
  officeLanguage: TLanguage;
  toGuest: boolean;
  warningHours: number;
  timezone: string;
};

/** The settings the notices follow, read with the caller's executor (a job's transaction included). */
export async function optionNoticeSettings(ex: Executor): Promise<TNoticeSettings> {
  const rows = await settingsRepository.values(
    ex,
    ['company', 'booking'],
    ['email', 'defaultLanguage', 'optionMailsToGuest', 'optionWarningHours', 'timezone'],
  );
  const value = (group: string, key: string) => rows.find((r) => r.group === group && r.key === key)?.value;
  const email = value('company', 'email');
  const hours = value('booking', 'optionWarningHours');
  const zone = value('booking', 'timezone');
  return {
    officeEmail: typeof email === 'string' && email ? email : null,
    officeLanguage: value('booking', 'defaultLanguage') === 'en' ? 'en' : 'de',
    toGuest: value('booking', 'optionMailsToGuest') === true,
    warningHours: typeof hours === 'number' ? hours : OPTION_WARNING_HOURS,
    timezone: typeof zone === 'string' && zone ? zone : 'Europe/Berlin',
  };
}

const TEXTS = {
  de: {
    expiring: {
      office: (no: string, at: string) => ({
        subject: `Option ${no} läuft am ${at} ab`,
        text: `Die Option ${no} läuft am ${at} ab. Bestätigen Sie die Buchung, verlängern Sie die Option oder lassen Sie sie ablaufen; danach sind die Zimmer wieder frei.`,
      }),
      guest: (no: string, at: string, company: string) => ({
        subject: `Ihre Reservierung ${no} läuft am ${at} ab`,
        text: `Guten Tag,\n\nIhre Reservierung ${no} ist bis ${at} für Sie reserviert. Wenn Sie fest buchen möchten, melden Sie sich bitte vorher bei uns.\n\nIhr Team von ${company}`,
      }),
    },
    expired: {
      office: (no: string, at: string) => ({
        subject: `Option ${no} ist abgelaufen`,
        text: `Die Option ${no} ist am ${at} abgelaufen und wurde freigegeben; die Zimmer sind wieder frei.`,
      }),
      guest: (no: string, at: string, company: string) => ({
        subject: `Ihre Reservierung ${no} ist abgelaufen`,
        text: `Guten Tag,\n\nIhre Reservierung ${no} ist am ${at} abgelaufen. Gern reservieren wir erneut für Sie, soweit noch frei.\n\nIhr Team von ${company}`,
      }),
    },
  },
  en: {
    expiring: {
      office: (no: string, at: string) => ({
        subject: `Option ${no} lapses on ${at}`,
        text: `The option ${no} lapses on ${at}. Confirm the booking, extend the option or let it lapse; its rooms are free again then.`,
      }),
      guest: (no: string, at: string, company: string) => ({
        subject: `Your reservation ${no} lapses on ${at}`,
        text: `Hello,\n\nYour reservation ${no} is held for you until ${at}. If you would like to book for sure, please let us know before then.\n\nYour ${company} team`,
      }),
    },
    expired: {
      office: (no: string, at: string) => ({
        subject: `Option ${no} has lapsed`,
        text: `The option ${no} lapsed on ${at} and was released; its rooms are free again.`,
      }),
      guest: (no: string, at: string, company: string) => ({
        subject: `Your reservation ${no} has lapsed`,
        text: `Hello,\n\nYour reservation ${no} lapsed on ${at}. We are glad to reserve again for you while there is space.\n\nYour ${company} team`,
      }),
    },
  },
} as const;

const when = (at: Date, lang: TLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(at);

/**
 * The todo and mails of an option that lapses soon (`expiring`) or lapsed (`expired`) at `expiry`, in the
 * caller's transaction.
 */
export async function noticeOption(tx: Tx, bookingId: number, kind: TOptionNotice, expiry: Date) {
  const s = await optionNoticeSettings(tx);
  await raiseBookingTodos(tx, bookingId, [
    { code: kind === 'expiring' ? 'optionExpiring' : 'optionExpired' },
  ]);
  const row = await mailRepository.bookingForMail(tx, bookingId);
  if (!row) return;
  const b = row.booking;
  const no = b.reservationNo ?? b.bookingNo ?? b.offerNo ?? String(b.id);
  const company = await settingsRepository.value(tx, 'company', 'name');
  const companyName = typeof company === 'string' && company ? company : 'Atoll';
  const send = async (to: string, lang: TLanguage, who: 'office' | 'guest') => {
    const mail = TEXTS[lang][kind][who](no, when(expiry, lang, s.timezone), companyName);
    await mailRepository.enqueue(tx, {
      dedupKey: `option-${kind}:${b.id}:${expiry.getTime()}:${who}`,
      to,
      subject: mail.subject,
      text: mail.text,
      bookingId: b.id,
      customerId: b.customerId,
      agencyId: b.agencyId,
      status: 'queued',
    });
  };
  if (s.officeEmail) await send(s.officeEmail, s.officeLanguage, 'office');
  const guest = row.customerEmail ?? row.agencyEmail;
  if (s.toGuest && guest) await send(guest, b.language === 'en' ? 'en' : 'de', 'guest');
}
