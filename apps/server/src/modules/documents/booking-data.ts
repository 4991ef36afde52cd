import type { TLanguage } from '@atoll/domain/constants';
import type { TInvoiceLine } from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import { BILLABLE_LINE_TYPES, type TLineType } from '@atoll/domain/pricing/entities';
import type { Db, Executor } from '../../db/client.ts';
import { loadLetterhead, type TLetterhead } from '../../documents/pdf.tsx';
import { notFound } from '../../http/errors.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { createDocumentsRepository, type TBookingRow } from './documents.repository.ts';

const repository = createDocumentsRepository();

/** What the booking documents print, read in one go (no commission, no internal note). */
export type TDocLine = {
  type: string;
  text: string;
  amount: string;
  price: string;
  total: string;
  customerType: string;
  dueDate?: string;
  guestId: number | null;
  /** An external line the operator collects for the third party (counted in the total). */
  collect?: boolean;
};

export type TDocGuest = {
  id: number;
  customerId: number | null;
  name: string;
  gender: string;
  age: number | null;
  nationality: string | null;
  email: string | null;
  phone: string | null;
  room: string;
};

export type TDocRoom = {
  id: number;
  room: string;
  roomType: string;
  from: string;
  to: string;
  guests: number;
};

export type TParty = {
  name: string;
  address: { street?: string; zip?: string; city?: string; country?: string };
  vatId?: string;
  customerId?: number;
  agencyId?: number;
};

export type TBookingDocData = {
  booking: TBookingRow;
  number: string;
  lang: TLanguage;
  place: string;
  tour: string | null;
  lines: TDocLine[];
  /** The billable lines with their tax rate, as an invoice freezes them. */
  invoiceLines: TInvoiceLine[];
  guests: TDocGuest[];
  rooms: TDocRoom[];
  customer: TParty | null;
  agency: TParty | null;
  payments: { date: string; amount: string; currency: string; rate: string }[];
  company: TLetterhead;
};

const HIDDEN_TYPES: readonly string[] = ['payment'];

/** A settings service over one executor: loadLetterhead only reads the `company` group. */
function settingsOn(ex: Executor): TSettingsService {
  const repo = createSettingsRepository();
  return {
    group: async (name: string) => new Map((await repo.group(ex, name)).map((r) => [r.key, r.value])),
  } as unknown as TSettingsService;
}

export const letterheadOf = (ex: Executor) => loadLetterhead(ex as Db, settingsOn(ex));

/** The number a booking shows: booking, reservation or offer number, whichever it has last got. */
export const bookingNumber = (b: {
  bookingNo: string | null;
  reservationNo: string | null;
  offerNo: string | null;
  id: number;
}) => b.bookingNo ?? b.reservationNo ?? b.offerNo ?? String(b.id);

type TAddress = TParty['address'];
const addressOf = (value: unknown): TAddress => {
  const a = (value ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === 'string' && a[k] ? (a[k] as string) : undefined);
  return {
    ...(s('street') ? { street: s('street') } : {}),
    ...(s('zip') ? { zip: s('zip') } : {}),
    ...(s('city') ? { city: s('city') } : {}),
    ...(s('country') ? { country: s('country') } : {}),
  };
};

type TTax = { status?: string; value?: string; inclusive?: boolean };
const rateOf = (tax: unknown): { rate: string; inclusive: boolean } => {
  const t = (tax ?? {}) as TTax;
  if (t.status !== 'confirmed' || !t.value || new D(t.value).isZero()) return { rate: '0', inclusive: true };
  return { rate: new D(t.value).toFixed(), inclusive: t.inclusive !== false };
};

export async function loadBookingDocData(
  ex: Executor,
  bookingId: number,
  language?: TLanguage,
): Promise<TBookingDocData> {
  const booking = await repository.booking(ex, bookingId);
  if (!booking || booking.deletedDate) throw notFound('Booking');
  const lang: TLanguage = language ?? (booking.language === 'en' ? 'en' : 'de');

  const lineRows = await repository.calculationLines(ex, bookingId);
  const visible = lineRows.filter((l) => {
    const data = (l.customData ?? {}) as { generator?: string };
    return l.key !== 'commission' && data.generator !== 'commission' && !HIDDEN_TYPES.includes(l.type);
  });
  const lines: TDocLine[] = visible.map((l) => ({
    type: l.type,
    text: l.text,
    amount: l.amount,
    price: l.price,
    total: l.total,
    customerType: l.customerType,
    guestId: l.guestId,
    ...((l.customData as { collect?: boolean }).collect === true ? { collect: true } : {}),
    ...((l.customData as { dueDate?: string }).dueDate
      ? { dueDate: (l.customData as { dueDate: string }).dueDate }
      : {}),
  }));

  // Tax rates per line as the engine takes them: a room line its own price's, a product its own if it
  // has one (on the line), every other the first room price's.
  const priceIds = [
    ...new Set(
      visible
        .map((l) => (l.customData as { priceId?: number }).priceId)
        .filter((id): id is number => typeof id === 'number'),
    ),
  ];
  const priceRows = await repository.priceTaxes(ex, priceIds);
  const taxByPrice = new Map(priceRows.map((p) => [p.id, rateOf(p.tax)]));
  const firstRoomPriceId = (
    visible.find((l) => l.type === 'room_cost' && (l.customData as { priceId?: number }).priceId != null)
      ?.customData as { priceId?: number } | undefined
  )?.priceId;
  const fallback = (firstRoomPriceId != null && taxByPrice.get(firstRoomPriceId)) || {
    rate: '0',
    inclusive: true,
  };
  const invoiceLines: TInvoiceLine[] = [];
  for (const l of visible) {
    const data = l.customData as {
      priceId?: number;
      excludeFromTax?: boolean;
      collect?: boolean;
      tax?: TTax;
    };
    const billable = BILLABLE_LINE_TYPES.includes(l.type as TLineType);
    const counted = ['None', 'Direct', 'OnSite'].includes(l.customerType);
    const collected = l.type === 'external' && data.collect === true && counted;
    if (!(billable && counted) && !collected) continue;
    const tax =
      collected || data.excludeFromTax
        ? { rate: '0', inclusive: true }
        : data.tax
          ? rateOf(data.tax)
          : l.type === 'room_cost' && data.priceId != null && taxByPrice.has(data.priceId)
            ? (taxByPrice.get(data.priceId) ?? fallback)
            : fallback;
    invoiceLines.push({
      text: l.text,
      amount: new D(l.amount).toFixed(),
      price: l.price,
      total: l.total,
      taxRate: tax.rate,
      inclusive: tax.inclusive,
    });
  }

  const roomRows = await repository.rooms(ex, bookingId);
  const guestRows = await repository.guests(ex, bookingId);
  const roomName = new Map(roomRows.map((r) => [r.id, r.room]));
  const guests: TDocGuest[] = guestRows.map((g, i) => ({
    id: g.id,
    customerId: g.customerId,
    name: g.fullName ?? g.name ?? (lang === 'de' ? `Gast ${i + 1}` : `Guest ${i + 1}`),
    gender: g.gender,
    age: g.age,
    nationality: g.nationality,
    email: g.email,
    phone: g.phone,
    room: roomName.get(g.roomId) ?? '',
  }));
  const docRooms: TDocRoom[] = roomRows.map((r) => ({
    id: r.id,
    room: r.room,
    roomType: r.roomType ?? '',
    from: r.from,
    to: r.to,
    guests: guestRows.filter((g) => g.roomId === r.id).length,
  }));

  const place = booking.resortId
    ? await repository.resortName(ex, booking.resortId)
    : booking.vesselId
      ? await repository.vesselName(ex, booking.vesselId)
      : undefined;
  const tourId =
    booking.tourId ?? (booking.scheduleId ? await repository.scheduleTourId(ex, booking.scheduleId) : null);
  const tour = tourId ? await repository.tourName(ex, tourId) : undefined;

  // The customer a document is addressed to: the booking's, else the lead guest's (the first guest).
  const customerId = booking.customerId ?? guests[0]?.customerId ?? null;
  const customer = customerId ? await repository.customerParty(ex, customerId) : undefined;
  const agency = booking.agencyId ? await repository.agencyParty(ex, booking.agencyId) : undefined;
  const paymentRows = await repository.payments(ex, bookingId);

  return {
    booking,
    number: bookingNumber(booking),
    lang,
    place: place?.name ?? '',
    tour: tour?.name ?? null,
    lines,
    invoiceLines,
    guests,
    rooms: docRooms,
    customer: customer
      ? { name: customer.name, address: addressOf(customer.address), customerId: customer.id }
      : null,
    agency: agency
      ? {
          name: agency.name,
          address: addressOf(agency.address),
          agencyId: agency.id,
          ...(agency.taxId ? { vatId: agency.taxId } : {}),
        }
      : null,
    payments: paymentRows,
    company: await letterheadOf(ex),
  };
}

export type TTemplateTexts = { title: string; intro: string; closing: string; blocks: string[] };

/**
 * The texts of a document: the chosen template's (or the first active one of the kind) in the language,
 * with the text blocks it names (`texts.textblocks`: ids), else the built-in defaults.
 */
export async function templateTexts(
  ex: Executor,
  kind: string,
  lang: TLanguage,
  templateId: number | undefined,
  defaults: { title: string; intro: string; closing: string },
): Promise<TTemplateTexts & { templateId: number | null }> {
  const template = templateId
    ? await repository.template(ex, templateId)
    : await repository.defaultTemplate(ex, kind);
  if (templateId && !template) throw notFound('Document template');
  const texts = (template?.texts ?? {}) as Record<string, unknown>;
  const own = (texts[lang] ?? {}) as Partial<Record<'title' | 'intro' | 'closing', string>>;
  const ids = Array.isArray(texts.textblocks)
    ? texts.textblocks.filter((v): v is number => Number.isInteger(v))
    : [];
  const blockRows = await repository.textblocks(ex, ids);
  const blocks = ids
    .map((id) => blockRows.find((b) => b.id === id))
    .map((b) => ((b?.text ?? {}) as Record<string, string>)[lang] ?? '')
    .filter(Boolean);
  return {
    templateId: template?.id ?? null,
    title: own.title || defaults.title,
    intro: own.intro ?? defaults.intro,
    closing: own.closing ?? defaults.closing,
    blocks,
  };
}
