import type { TBookingListQuery } from '@atoll/domain/bookings/queries';
import { GUEST_FORM_FILE_MAX_KB } from '@atoll/domain/constants';
import { fullNameOf } from '@atoll/domain/customers';
import {
  CUSTOMER_FIELDS,
  fieldsOf,
  GUEST_FORM_SECTIONS,
  GUEST_FORM_TYPES,
  PRIVATE_GUEST_FIELDS,
  type TGuestFieldError,
  type TGuestFileAnswer,
  type TGuestFormStatus,
  type TGuestFormType,
  type TGuestFormView,
  validateGuestForm,
} from '@atoll/domain/guestforms';
import { hasScope } from '@atoll/domain/scopes';
import type { SQL } from 'drizzle-orm';
import { today } from '../../clock.ts';
import { bookingVisibility, canReadAllBookings } from '../../db/booking-conditions.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { toSummary } from '../bookings/bookings.repository.ts';
import { listCondition, listOrder } from '../bookings/read/bookings-queries.repository.ts';
import { applyInput, columnsOf, stateOf, type TCustomerState } from '../customers/customer-state.ts';
import { createCustomersRepository } from '../customers/customers.repository.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import {
  createGuestFormsRepository,
  newGuestFormToken,
  type TGuestFormListRow,
} from './guestforms.repository.ts';

// Guest forms (spec platform §7): one form per guest of a booking, opened by a 192-bit token link.
// Forms are created for every guest of the booking (a) when a booking mail with {{guestFormLink}} is
// composed (sendGuestFormMail, confirmation), (b) when staff opens the booking's links (GET {id}/links)
// or (c) per guest with POST customer/{customer}/{booking}. The guest may correct a submitted form until
// the office has added it to the booking; adding copies the answers onto the customer record with a
// version row, in one transaction.

export const DEFAULT_TYPES: readonly TGuestFormType[] = GUEST_FORM_TYPES;
const customersRepo = createCustomersRepository();

const isTypes = (v: unknown): TGuestFormType[] =>
  Array.isArray(v)
    ? v.filter((t): t is TGuestFormType => (GUEST_FORM_TYPES as readonly string[]).includes(t))
    : [];
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const MESSAGES: Record<string, string> = {
  REQUIRED: 'is required',
  UNKNOWN_FIELD: 'is not a field of this form',
  INVALID_TEXT: 'must be text',
  TOO_LONG: 'is too long',
  INVALID_DATE: 'must be a date (YYYY-MM-DD)',
  INVALID_TIME: 'must be a time (HH:MM)',
  INVALID_EMAIL: 'must be an e-mail address',
  INVALID_FLIGHT_NUMBER: 'must be a flight number (2-3 letters or digits and up to 5 digits, e.g. LH1234)',
  INVALID_NUMBER: 'must be a whole number, 0 or more',
  INVALID_OPTION: 'is not one of the choices',
  INVALID_FILE: 'must be a JPEG, PNG or PDF file',
  FILE_TOO_LARGE: 'is larger than the upload limit',
  DATE_IN_FUTURE: 'must not be in the future',
  DATE_ORDER: 'must be after the earlier date',
  PASSPORT_EXPIRED: 'expires before the end of the trip',
};

/** 400 with every field path, or 413 when only an upload is too large. */
export function formErrors(errors: TGuestFieldError[]): AppError {
  const details = errors.map((e) => ({
    path: e.path,
    code: e.code,
    message: `${e.path} ${MESSAGES[e.code]}`,
  }));
  const first = details[0];
  if (errors.every((e) => e.code === 'FILE_TOO_LARGE'))
    return new AppError(413, 'PAYLOAD_TOO_LARGE', first?.message ?? 'File too large', details);
  return new AppError(400, 'ValidationError', first?.message ?? 'The form is not valid', details);
}

/** The list's filter fields (ADR 0003): anything else is refused, as every list refuses unknown fields. */
const FILTER_FIELDS = ['status', 'bookingId', 'customerId'];

function parseFilter(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('filter must be a JSON object', 'filter');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('filter must be a JSON object', 'filter');
  const unknown = Object.keys(parsed).find((key) => !FILTER_FIELDS.includes(key));
  if (unknown !== undefined) throw badRequest(`Cannot filter by "${unknown}"`, 'filter');
  return parsed as Record<string, unknown>;
}

export type TGuestFormsService = ReturnType<typeof createGuestFormsService>;

export function createGuestFormsService(deps: { db: Db; settings: TSettingsService }) {
  const repo = createGuestFormsRepository();
  const { db, settings } = deps;

  async function limits() {
    const [maxKb, multi] = await Promise.all([
      settings.get<number>('guestform', 'maxGuestFormFileSizeinKb', GUEST_FORM_FILE_MAX_KB),
      settings.get<boolean>('guestform', 'multiGuestForm', true),
    ]);
    return { maxKb: typeof maxKb === 'number' ? maxKb : GUEST_FORM_FILE_MAX_KB, multiGuest: multi !== false };
  }

  /** The bookings whose forms the user sees: staff with customers.read all, else bookingVisibility. */
  function visibility(user: TSessionUser): SQL | undefined {
    if (!canReadAllBookings(user) && hasScope(user.scopes, ['customers.read'])) return undefined;
    return bookingVisibility(user);
  }

  async function view(row: TGuestFormListRow): Promise<TGuestFormView> {
    const { maxKb, multiGuest } = await limits();
    return {
      id: row.id,
      bookingId: row.bookingId,
      bookingGuestId: row.bookingGuestId,
      customerId: row.customerId,
      guestName: row.guestName,
      bookingNo: row.bookingNo,
      from: row.from,
      to: row.to,
      types: isTypes(row.types),
      language: row.language,
      status: row.status as TGuestFormStatus,
      data: record(row.data),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      addedAt: row.addedAt?.toISOString() ?? null,
      version: row.version,
      maxFileSizeKb: maxKb,
      multiGuest,
    };
  }

  async function visibleForm(ex: Executor, user: TSessionUser, id: number) {
    const row = await repo.one(ex, id, visibility(user));
    if (!row) throw notFound('Guest form');
    return row;
  }

  async function tokenForm(ex: Executor, id: number, token: string) {
    const row = await repo.byToken(ex, id, token);
    if (!row) throw notFound('Guest form');
    return row;
  }

  /**
   * The multi-guest page by token: only the lead guest's link opens it (the first form of the booking, whose
   * link the confirmation mail carries). A guest's own link opens that guest's form and nobody else's.
   */
  async function leadTokenForm(ex: Executor, id: number, token: string) {
    const form = await tokenForm(ex, id, token);
    const [lead] = await repo.ofBooking(ex, form.bookingId);
    if (lead?.id !== form.id) throw notFound('Guest form');
    return form;
  }

  /** Checks the answers, stores new uploads and answers the data to save (uploads as file ids). */
  async function prepared(
    tx: Tx,
    form: TGuestFormListRow,
    data: Record<string, unknown>,
    maxKb: number,
    prefix = 'data',
  ): Promise<{ data: Record<string, unknown>; errors: TGuestFieldError[] }> {
    const types = isTypes(form.types);
    const errors = validateGuestForm(types, data, {
      today: today(),
      maxFileKb: maxKb,
      travelTo: form.to,
      prefix,
    });
    if (errors.length) return { data, errors };
    const out: Record<string, unknown> = {};
    const stored = record(form.data);
    for (const field of fieldsOf(types)) {
      const value = data[field.key];
      if (value === undefined || value === null || value === '') continue;
      if (field.kind !== 'file') {
        out[field.key] = typeof value === 'string' ? value.trim() : value;
        continue;
      }
      const file = value as TGuestFileAnswer;
      if (typeof file.data === 'string') {
        const bytes = Buffer.from(file.data, 'base64');
        const fileId = await repo.storeFile(tx, { name: file.name, mime: file.type ?? '', data: bytes });
        out[field.key] = { fileId, name: file.name, size: bytes.length, type: file.type };
      } else {
        // Only the file this form already holds under this key: never another form's upload.
        const kept = record(stored[field.key]);
        if (kept.fileId !== file.fileId)
          return { data, errors: [{ path: `${prefix}.${field.key}`, code: 'INVALID_FILE' }] };
        out[field.key] = kept;
      }
    }
    return { data: out, errors: [] };
  }

  function assertEditable(form: TGuestFormListRow) {
    if (form.status === 'added')
      throw new AppError(409, 'INVALID_STATE', 'The office has already added this form to the booking');
  }

  /** The customer state after taking over the form's answers (blank answers keep what is stored). */
  function withAnswers(state: TCustomerState, data: Record<string, unknown>): TCustomerState {
    const str = (key: string) => {
      const v = data[key];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    const md = { ...state.masterData };
    const contact = { ...state.contact };
    const passport = { ...state.passport };
    md.firstName = str('firstName') ?? md.firstName;
    md.lastName = str('lastName') ?? md.lastName;
    const gender = str('gender');
    if (gender === 'm' || gender === 'f' || gender === 'u') md.gender = gender;
    md.birthday = str('birthday') ?? md.birthday;
    md.nationality = str('nationality') ?? md.nationality;
    contact.email = str('email')?.toLowerCase() ?? contact.email;
    contact.phone = str('phone') ?? contact.phone;
    passport.number = str('passportNumber') ?? passport.number;
    passport.nationality = str('nationality') ?? passport.nationality;
    passport.issueDate = str('passportIssueDate') ?? passport.issueDate;
    passport.expiryDate = str('passportExpiryDate') ?? passport.expiryDate;
    return {
      ...state,
      masterData: md,
      contact,
      passport,
      fullName: fullNameOf(md) || state.fullName,
    };
  }

  /** Copies the answers onto the guest's customer (created when the guest has none), with version rows. */
  async function copyToCustomer(tx: Tx, user: TSessionUser, form: TGuestFormListRow) {
    const data = record(form.data);
    let customerId = form.customerId;
    if (customerId === null && form.bookingGuestId !== null) {
      customerId = await repo.guestCustomerId(tx, form.bookingGuestId);
    }
    if (customerId === null) {
      const state = withAnswers(applyInput({ masterData: { firstName: '', lastName: '' } } as never), data);
      if (!state.fullName) throw badRequest('The form has no name to create the guest from', 'data.lastName');
      const row = await customersRepo.insert(tx, { ...columnsOf(state), version: 1 });
      await customersRepo.insertVersion(tx, {
        customerId: row.id,
        version: 1,
        snapshot: stateOf(row),
        userId: user.id,
      });
      customerId = row.id;
      if (form.bookingGuestId !== null) await repo.setGuestCustomer(tx, form.bookingGuestId, customerId);
    } else {
      const existing = await repo.lockCustomer(tx, customerId);
      if (!existing) throw notFound('Customer');
      const stored = stateOf(existing);
      const next = withAnswers(stored, data);
      if (JSON.stringify(next) !== JSON.stringify(stored)) {
        await customersRepo.insertVersion(
          tx,
          { customerId, version: existing.version, snapshot: stored, userId: null },
          { ifMissing: true },
        );
        const row = await customersRepo.update(tx, customerId, {
          ...columnsOf(next),
          version: existing.version + 1,
          updatedAt: new Date(),
        });
        if (row)
          await customersRepo.insertVersion(tx, {
            customerId,
            version: row.version,
            snapshot: stateOf(row),
            userId: user.id,
          });
      }
    }
    if (form.customerId !== customerId) await repo.update(tx, form.id, { customerId });
    return customerId;
  }

  async function addOne(tx: Tx, user: TSessionUser, form: TGuestFormListRow) {
    if (form.status !== 'submitted')
      throw new AppError(409, 'INVALID_STATE', `Guest form ${form.id} is ${form.status}, not submitted`);
    const customerId = await copyToCustomer(tx, user, form);
    await repo.update(tx, form.id, { status: 'added', addedAt: new Date(), customerId });
  }

  const listRows = async (rows: TGuestFormListRow[]) => Promise.all(rows.map(view));
  /** The lead guest's page: every form of the booking, the others' private answers hidden. */
  const leadRows = async (leadId: number, rows: TGuestFormListRow[]) =>
    (await listRows(rows)).map((form) => (form.id === leadId ? form : withoutPrivate(form)));

  return {
    limits,
    visibility,
    types() {
      return GUEST_FORM_SECTIONS.map((s) => ({ type: s.type, fields: s.fields }));
    },

    async list(
      user: TSessionUser,
      q: {
        page: number;
        size: number;
        search?: string | undefined;
        filter?: string | undefined;
        sort?: string | undefined;
        status?: string | undefined;
        bookingId?: number | undefined;
        customerId?: number | undefined;
        order: number;
      },
      self = false,
    ) {
      if (q.sort !== undefined && !['id', 'createdAt'].includes(q.sort))
        throw badRequest(`Cannot sort by "${q.sort}"`, 'sort');
      const size = q.size === 0 ? 1000 : Math.min(q.size, 1000);
      // The list screen's filters arrive as the generic `filter` JSON (ADR 0003): status, bookingId, customerId.
      const filter = parseFilter(q.filter);
      const status = q.status ?? (typeof filter.status === 'string' ? filter.status : undefined);
      const bookingId = q.bookingId ?? (Number(filter.bookingId) || undefined);
      const customerId = q.customerId ?? (Number(filter.customerId) || undefined);
      const own = self
        ? bookingVisibility({ ...user, scopes: user.scopes.filter((s) => s.endsWith('.self')) })
        : undefined;
      const { total, rows } = await repo.page(
        db,
        {
          visibility: visibility(user),
          own,
          statuses: status ? status.split(',') : undefined,
          bookingId,
          customerId,
          search: q.search,
        },
        size,
        (q.page - 1) * size,
        q.order !== 1,
      );
      return { data: await listRows(rows), total, page: q.page, size };
    },

    async statistics(user: TSessionUser, days: number) {
      const since = new Date(Date.now() - days * 86_400_000);
      const { rows, daily } = await repo.statistics(db, visibility(user), since);
      const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
      return {
        days,
        total: rows.reduce((n, r) => n + r.n, 0),
        open: by.open ?? 0,
        submitted: by.submitted ?? 0,
        added: by.added ?? 0,
        submittedPerDay: daily.map((d) => ({ date: d.date, count: d.n })),
      };
    },

    async readStaff(user: TSessionUser, id: number) {
      return view(await visibleForm(db, user, id));
    },
    async readPublic(id: number, token: string) {
      return view(await tokenForm(db, id, token));
    },
    async linkedStaff(user: TSessionUser, id: number) {
      const form = await visibleForm(db, user, id);
      return listRows(await repo.ofBooking(db, form.bookingId));
    },
    async linkedPublic(id: number, token: string) {
      const form = await leadTokenForm(db, id, token);
      return leadRows(form.id, await repo.ofBooking(db, form.bookingId));
    },

    /** The guest's answers (token) or staff entering them: checked, saved, status submitted. */
    async submit(id: number, who: { token: string } | { user: TSessionUser }, data: Record<string, unknown>) {
      const { maxKb } = await limits();
      const saved = await db.transaction(async (tx) => {
        const form =
          'token' in who ? await tokenForm(tx, id, who.token) : await visibleForm(tx, who.user, id);
        assertEditable(form);
        const checked = await prepared(tx, form, data, maxKb);
        if (checked.errors.length) throw formErrors(checked.errors);
        await repo.update(tx, id, { data: checked.data, status: 'submitted', submittedAt: new Date() });
        return (await repo.one(tx, id)) as TGuestFormListRow;
      });
      return view(saved);
    },

    /** The multi-guest page: every form of the booking in one transaction, all or nothing. */
    async submitLinked(
      id: number,
      who: { token: string } | { user: TSessionUser },
      forms: { id: number; data: Record<string, unknown> }[],
    ) {
      const { maxKb } = await limits();
      return db.transaction(async (tx) => {
        const lead =
          'token' in who ? await leadTokenForm(tx, id, who.token) : await visibleForm(tx, who.user, id);
        const linked = await repo.ofBooking(tx, lead.bookingId);
        const byId = new Map(linked.map((f) => [f.id, f]));
        const errors: TGuestFieldError[] = [];
        const ready: { id: number; data: Record<string, unknown> }[] = [];
        for (const [i, entry] of forms.entries()) {
          const form = byId.get(entry.id);
          if (!form) throw notFound('Guest form');
          assertEditable(form);
          // The lead guest does not see the others' private answers: what it does not send stays as stored.
          const data =
            'token' in who && form.id !== lead.id ? withPrivateOf(form.data, entry.data) : entry.data;
          const checked = await prepared(tx, form, data, maxKb, `forms.${i}.data`);
          errors.push(...checked.errors);
          ready.push({ id: form.id, data: checked.data });
        }
        if (errors.length) throw formErrors(errors);
        const now = new Date();
        for (const r of ready)
          await repo.update(tx, r.id, { data: r.data, status: 'submitted', submittedAt: now });
        const rows = await repo.ofBooking(tx, lead.bookingId);
        return 'token' in who ? leadRows(lead.id, rows) : listRows(rows);
      });
    },

    /** Form answers beside the customer's stored values, for the mapped fields. */
    async diff(user: TSessionUser, id: number) {
      const form = await visibleForm(db, user, id);
      const data = record(form.data);
      let state: TCustomerState | null = null;
      const customerId = form.customerId;
      if (customerId !== null) {
        const row = await repo.customer(db, customerId);
        if (row) state = stateOf(row);
      }
      const read = (path: string): string | null => {
        if (!state) return null;
        const [group, key] = path.split('.') as [keyof TCustomerState, string];
        const v = record(state[group])[key];
        return typeof v === 'string' ? v : null;
      };
      return {
        formId: form.id,
        customerId: form.customerId,
        fields: CUSTOMER_FIELDS.map(([answer, field]) => {
          const value = data[answer];
          const formValue = typeof value === 'string' && value !== '' ? value : null;
          const customerValue = read(field);
          return {
            answer,
            field,
            form: formValue,
            customer: customerValue,
            differs: formValue !== null && formValue !== customerValue,
          };
        }),
      };
    },

    /** Adds the sections the forms lack (all by default); a submitted form missing answers reopens. */
    async appendMissingFields(
      user: TSessionUser,
      ids: number[],
      types: readonly TGuestFormType[] = DEFAULT_TYPES,
    ) {
      const { maxKb } = await limits();
      return db.transaction(async (tx) => {
        const updated: number[] = [];
        for (const id of ids) {
          const form = await visibleForm(tx, user, id);
          if (form.status === 'added') continue;
          const current = isTypes(form.types);
          const next = GUEST_FORM_TYPES.filter((t) => current.includes(t) || types.includes(t));
          if (next.length === current.length) continue;
          const complete =
            validateGuestForm(next, record(form.data), {
              today: today(),
              maxFileKb: maxKb,
              travelTo: form.to,
            }).length === 0;
          await repo.update(tx, id, { types: next, ...(complete ? {} : { status: 'open' }) });
          updated.push(id);
        }
        return { updated };
      });
    },

    async syncWithCustomer(user: TSessionUser, id: number) {
      return db.transaction(async (tx) => {
        const form = await visibleForm(tx, user, id);
        if (form.status === 'open')
          throw new AppError(409, 'INVALID_STATE', 'The guest has not submitted the form yet');
        const customerId = await copyToCustomer(tx, user, form);
        return { id, customerId };
      });
    },

    async addToBooking(user: TSessionUser, id: number) {
      const added = await db.transaction(async (tx) => {
        await addOne(tx, user, await visibleForm(tx, user, id));
        return (await repo.one(tx, id)) as TGuestFormListRow;
      });
      return view(added);
    },

    async addAllToBooking(user: TSessionUser, bookingId: number) {
      return db.transaction(async (tx) => {
        const booking = await repo.booking(tx, bookingId, visibility(user));
        if (!booking) throw notFound('Booking');
        const forms = (await repo.ofBooking(tx, bookingId)).filter((f) => f.status === 'submitted');
        for (const form of forms) await addOne(tx, user, form);
        return { added: forms.map((f) => f.id) };
      });
    },

    /** The links of every guest's form of the booking (missing forms are created first). */
    async links(user: TSessionUser, bookingId: number, base: string) {
      const booking = await repo.booking(db, bookingId, visibility(user));
      if (!booking) throw notFound('Booking');
      await repo.ensureForBooking(db, bookingId, DEFAULT_TYPES);
      const forms = await repo.ofBooking(db, bookingId);
      const lead = forms[0];
      return forms.map((f) => ({
        id: f.id,
        bookingGuestId: f.bookingGuestId,
        guestName: f.guestName,
        status: f.status as TGuestFormStatus,
        link: `${base}/guestform/${f.id}/${f.token}`,
        multiLink: lead ? `${base}/guestform-m/${lead.id}/${lead.token}` : '',
      }));
    },

    /** The booking's rooms with their guests and form status. */
    async rooms(user: TSessionUser, bookingId: number) {
      const booking = await repo.booking(db, bookingId, visibility(user));
      if (!booking) throw notFound('Booking');
      const guests = await repo.guests(db, bookingId);
      const forms = await repo.ofBooking(db, bookingId);
      const byGuest = new Map(forms.map((f) => [f.bookingGuestId, f]));
      const rooms = new Map<number, { bookingRoomId: number; guests: unknown[] }>();
      for (const g of guests) {
        const room = rooms.get(g.bookingRoomId) ?? { bookingRoomId: g.bookingRoomId, guests: [] };
        const form = byGuest.get(g.id);
        room.guests.push({
          bookingGuestId: g.id,
          customerId: g.customerId,
          name: form?.guestName ?? g.name,
          formId: form?.id ?? null,
          status: (form?.status as TGuestFormStatus | undefined) ?? null,
        });
        rooms.set(g.bookingRoomId, room);
      }
      return [...rooms.values()] as {
        bookingRoomId: number;
        guests: {
          bookingGuestId: number;
          customerId: number | null;
          name: string | null;
          formId: number | null;
          status: TGuestFormStatus | null;
        }[];
      }[];
    },

    /** A form for the customer's place on the booking (the existing one if there is one). */
    async createForCustomer(
      user: TSessionUser,
      customerId: number,
      bookingId: number,
      body: { types?: TGuestFormType[] | undefined; language?: 'de' | 'en' | undefined },
    ) {
      const { created, row } = await db.transaction(async (tx) => {
        const booking = await repo.booking(tx, bookingId, visibility(user));
        if (!booking) throw notFound('Booking');
        // Calls at once for one guest: the first creates the form, the others wait and find it.
        const guest = await repo.lockGuestOfCustomer(tx, bookingId, customerId);
        if (!guest) throw notFound('Guest of this booking');
        const existing = await repo.formOfGuest(tx, guest.id);
        if (existing) return { created: false, row: (await repo.one(tx, existing.id)) as TGuestFormListRow };
        const inserted = await repo.insert(tx, {
          bookingId,
          bookingGuestId: guest.id,
          customerId,
          token: newGuestFormToken(),
          types: body.types ?? [...DEFAULT_TYPES],
          language: body.language ?? (booking.language === 'de' ? 'de' : 'en'),
        });
        return { created: true, row: (await repo.one(tx, inserted.id)) as TGuestFormListRow };
      });
      // Read after the commit: the limits come from the settings, through the main handle.
      return { created, form: await view(row) };
    },

    /**
     * GET /api/bookings/missingGuestform: the booking list (states default to planned and confirmed) narrowed
     * to bookings with a guest whose form is missing or open, each with its guests and missing forms.
     */
    async missing(user: TSessionUser, q: TBookingListQuery) {
      const query = { ...q, states: q.states ?? ['planned', 'confirmed'] };
      const size = query.size === 0 ? 1000 : Math.min(query.size, 1000);
      const { total, rows } = await repo.bookingsMissingForms(
        db,
        listCondition(bookingVisibility(user), query),
        listOrder(query),
        { size, offset: (query.page - 1) * size, countLimit: 100_001 },
      );
      const counts = new Map(
        (
          await repo.missingCounts(
            db,
            rows.map((b) => b.id),
          )
        ).map((c) => [c.bookingId, c]),
      );
      return {
        data: rows.map((row) => ({
          ...toSummary(row),
          guests: counts.get(row.id)?.guests ?? 0,
          missingGuestforms: counts.get(row.id)?.missing ?? 0,
        })),
        total,
        page: query.page,
        size,
      };
    },

    /** The form for the PDF (with the token it is shown to whoever has it). */
    async forPrint(user: TSessionUser | null, id: number, token: string | undefined) {
      if (token) return view(await tokenForm(db, id, token));
      if (!user) throw notFound('Guest form');
      return view(await visibleForm(db, user, id));
    },

    /** Whether the user may read guest forms without a token. */
    canReadAsStaff(user: TSessionUser | null) {
      return (
        !!user &&
        hasScope(user.scopes, ['customers.read', 'bookings.read', 'agencies.self', 'customers.self'])
      );
    },
  };
}

/** The multi-guest link of the booking's lead guest (forms created for every guest first); '' without guests. */
export async function leadGuestFormLink(ex: Executor, bookingId: number, base: string): Promise<string> {
  const repo = createGuestFormsRepository();
  await repo.ensureForBooking(ex, bookingId, DEFAULT_TYPES);
  const [lead] = await repo.ofBooking(ex, bookingId);
  return lead ? `${base}/guestform-m/${lead.id}/${lead.token}` : '';
}

/** Another guest's form as the lead guest sees it: the private answers named in `hidden`, not shown. */
function withoutPrivate(form: TGuestFormView): TGuestFormView {
  const hidden = PRIVATE_GUEST_FIELDS.filter(
    (key) => form.data[key] !== undefined && form.data[key] !== null,
  );
  const data = Object.fromEntries(
    Object.entries(form.data).filter(([key]) => !PRIVATE_GUEST_FIELDS.includes(key)),
  );
  return { ...form, data, hidden };
}

/** The answers sent for another guest, with that guest's stored private answers the sender left out. */
function withPrivateOf(stored: unknown, sent: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.entries(record(stored)).filter(
    ([key]) => PRIVATE_GUEST_FIELDS.includes(key) && !(key in sent),
  );
  return Object.assign(Object.fromEntries(kept), sent);
}
