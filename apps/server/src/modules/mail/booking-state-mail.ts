import { bookingMailKey } from '@atoll/domain/mail';
import { DIRECT_READS, type TReads } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createMailRepository } from './mail.repository.ts';
import { loadBookingMailContext, templateMailRow } from './mail-context.ts';

const repo = createMailRepository();

// The automatic booking mails: when a write brings a booking to planned, confirmed or aborted, the template
// of that state in the booking's language is queued in the same transaction (recordVersion calls this), so
// the mail exists exactly when the change does. A booking the guest made itself (channel
// CustomerDirectBooking: online, widget or portal) is always mailed, since nobody at the office would send
// it; other bookings only when the setting `booking.stateMails` is on (default off: the office mails its own
// and agency bookings by hand). The dedup key `booking:{id}:{state}:v{version}` keeps it to one mail per
// change; the worker sends it at its next pass. Attachments that cannot be made yet (an invoice not issued)
// are left out.

const STATE_MAILS = new Set(['planned', 'confirmed', 'aborted']);
const settingsRepository = createSettingsRepository();
let appUrl = 'http://127.0.0.1:3000';

/** The public address for the links in these mails (set when the mail routes are registered). */
export function configureStateMails(opts: { appUrl: string }) {
  appUrl = opts.appUrl;
}

export async function queueStateMail(
  tx: Tx,
  args: {
    bookingId: number;
    version: number;
    before: string | undefined;
    after: string;
    channel: string;
    userId: number | null;
    reads?: TReads | undefined;
  },
) {
  if (!STATE_MAILS.has(args.after) || args.before === args.after) return;
  if (args.channel !== 'CustomerDirectBooking') {
    const reads = args.reads ?? DIRECT_READS;
    const setting = await reads.get('setting booking.stateMails', async () => ({
      value: (await settingsRepository.value(tx, 'booking', 'stateMails')) ?? null,
    }));
    if (setting.value !== true) return;
  }
  const ctx = await loadBookingMailContext(tx, args.bookingId, appUrl);
  if (!ctx?.to) return;
  const [template] = await repo.templatesByState(tx, args.after, ctx.language);
  if (!template) return;
  await repo.enqueue(
    tx,
    templateMailRow({ ...ctx, to: ctx.to }, template, {
      dedupKey: bookingMailKey(ctx.bookingId, args.after, args.version),
      userId: args.userId,
      withInvoice: true,
    }),
  );
}
