import { randomBytes } from 'node:crypto';
import {
  type FileAnswer,
  type FormField,
  type FormFieldError,
  parseRelativeDate,
  pickAnswers,
  validateAnswers,
} from '@atoll/domain/forms/rules';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import {
  createFormsRepository,
  type TCustomerRow,
  type TFormDefRow,
  type TFormListQuery,
  type TFormListRow,
  type TFormRow,
  type TNewFormRow,
} from './forms.repository.ts';

// Custom forms sent to a customer or booking: a random token opens exactly one form on
// /forms/:id/:token; the guest's answers are checked with the same rules the page uses.

export type { TFormDefRow, TFormListRow, TFormRow };

type TLocal = { de?: string; en?: string };

const repository = createFormsRepository();

export const newFormToken = () => randomBytes(24).toString('base64url');

export const publicLink = (appUrl: string, id: number, token: string) =>
  `${appUrl.replace(/\/$/, '')}/forms/${id}/${token}`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toForm(row: TFormListRow, appUrl: string) {
  return {
    id: row.id,
    formDefId: row.formDefId,
    formDefName: row.formDefName ?? null,
    token: row.token,
    customerId: row.customerId,
    customerName: row.customerName ?? null,
    bookingId: row.bookingId,
    bookingNo: row.bookingNo ?? null,
    language: row.language,
    status: row.status,
    data: (row.data ?? {}) as Record<string, unknown>,
    submittedAt: iso(row.submittedAt),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    link: publicLink(appUrl, row.id, row.token),
  };
}

export function toFormDef(row: TFormDefRow & { formCount?: number }) {
  return {
    id: row.id,
    name: row.name,
    title: (row.title ?? {}) as TLocal,
    fields: (row.fields ?? []) as FormField[],
    active: row.active,
    ...(row.formCount !== undefined ? { formCount: row.formCount } : {}),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  };
}

export async function findDef(ex: Executor, id: number) {
  return repository.findDef(ex, id);
}

export async function formCounts(ex: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await repository.formCounts(ex, ids);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The one form this id and token open; a wrong token answers 404 like a missing form. */
export async function findByToken(ex: Executor, id: number, token: string) {
  const row = await repository.findByToken(ex, id, token);
  if (!row) throw notFound('Form');
  return row;
}

export async function findById(ex: Executor, id: number) {
  const row = await repository.findById(ex, id);
  if (!row) throw notFound('Form');
  return row;
}

const shiftDay = (day: string, n: number) =>
  parseRelativeDate(`today ${n < 0 ? '-' : '+'}${Math.abs(n)} days`, day);

/**
 * Checks the answers; the guest's "today" may be a day off the server's (time zones), so a relative
 * date that passes with yesterday or tomorrow passes.
 */
export function checkAnswers(
  fields: FormField[],
  data: Record<string, unknown>,
  lang: string,
  opts: { partial?: boolean } = {},
) {
  const day = today();
  let errors = validateAnswers(fields, data, day, lang);
  errors = errors.filter((e) => {
    if (opts.partial && e.code === 'REQUIRED') return false;
    if (e.code !== 'DATE_TOO_EARLY' && e.code !== 'DATE_TOO_LATE') return true;
    const field = fields.find((f) => f.key === e.path) as FormField;
    return [-1, 1].every((n) => {
      const shifted = shiftDay(day, n) as string;
      return validateAnswers([field], data, shifted, lang).length > 0;
    });
  });
  return errors;
}

export function validationError(errors: FormFieldError[]) {
  return new AppError(
    400,
    'ValidationError',
    'Some answers are not valid',
    errors.map((e) => ({ path: `data.${e.path}`, code: e.code, message: e.message })),
  );
}

const MIME_IMAGE = /^image\/(png|jpeg|gif|webp)$/;

/** Uploads of Image fields: base64 data is stored in stored_files and replaced by its id. */
export async function storeUploads(
  tx: Tx,
  fields: FormField[],
  data: Record<string, unknown>,
  previous: Record<string, unknown>,
  userId: number | null,
) {
  const out = { ...data };
  for (const field of fields) {
    if (field.type !== 'Image') continue;
    const value = out[field.key] as FileAnswer | undefined | null;
    if (!value || typeof value !== 'object') continue;
    if (value.data === undefined) {
      // Unchanged: the stored file must be the one this form already holds.
      const before = previous[field.key] as FileAnswer | undefined;
      if (value.fileId !== undefined && before?.fileId !== value.fileId) {
        throw badRequest('Unknown file', `data.${field.key}`);
      }
      if (before) out[field.key] = before;
      continue;
    }
    const mime = value.type ?? '';
    if (!MIME_IMAGE.test(mime)) throw badRequest('Only images can be uploaded', `data.${field.key}`);
    const base64 = value.data.replace(/^data:[^;]+;base64,/, '');
    const bytes = Buffer.from(base64, 'base64');
    const limitKb = field.rules?.maxFileSizeKb ?? 256;
    if (bytes.length === 0) throw badRequest('The file is empty', `data.${field.key}`);
    if (bytes.length > limitKb * 1024) {
      throw validationError([
        { path: field.key, code: 'FILE_TOO_LARGE', message: `The file is larger than ${limitKb} KB` },
      ]);
    }
    const file = await repository.insertFile(tx, {
      name: value.name.slice(0, 200),
      mime,
      size: bytes.length,
      data: bytes,
      userId,
    });
    out[field.key] = { fileId: file?.id, name: value.name.slice(0, 200), size: bytes.length, type: mime };
  }
  return out;
}

export function fileIds(data: unknown): number[] {
  if (!data || typeof data !== 'object') return [];
  return Object.values(data as Record<string, unknown>)
    .map((v) => (v && typeof v === 'object' ? (v as FileAnswer).fileId : undefined))
    .filter((id): id is number => typeof id === 'number');
}

/** Saves answers (guest or staff) in one transaction. */
export async function saveAnswers(
  db: Db,
  row: TFormListRow,
  data: Record<string, unknown>,
  opts: { submit: boolean; partial: boolean; user: TSessionUser | null; status?: string },
) {
  const def = await findDef(db, row.formDefId);
  if (!def) throw notFound('Form definition');
  const fields = (def.fields ?? []) as FormField[];
  const answers = pickAnswers(fields, data);
  const errors = checkAnswers(fields, answers, row.language, { partial: opts.partial });
  if (errors.length) throw validationError(errors);
  await db.transaction(async (tx) => {
    const stored = await storeUploads(
      tx,
      fields,
      answers,
      (row.data ?? {}) as Record<string, unknown>,
      opts.user?.id ?? null,
    );
    const status = opts.submit ? 'submitted' : (opts.status ?? row.status);
    await repository.update(tx, row.id, {
      data: stored,
      status,
      submittedAt:
        status === 'submitted' ? (opts.submit ? new Date() : (row.submittedAt ?? new Date())) : null,
      updatedAt: new Date(),
    });
    // Files replaced by new uploads are not kept.
    const kept = new Set(fileIds(stored));
    const dropped = fileIds(row.data).filter((id) => !kept.has(id));
    if (dropped.length) await repository.deleteFiles(tx, dropped);
  });
}

/** Queues the link mail to the customer's address (de/en). */
export async function queueFormMail(
  tx: Tx,
  opts: {
    to: string;
    name: string;
    link: string;
    title: TLocal;
    language: string;
    customerId: number;
    bookingId: number | null;
    userId: number;
  },
) {
  const de = opts.language === 'de';
  const title = (de ? opts.title.de : opts.title.en) || opts.title.en || opts.title.de || '';
  const subject = de ? `Bitte ausfüllen: ${title}` : `Please fill in: ${title}`;
  const text = de
    ? `Hallo ${opts.name},\n\nbitte füllen Sie das Formular „${title}“ aus:\n${opts.link}\n\nVielen Dank!`
    : `Hello ${opts.name},\n\nPlease fill in the form "${title}":\n${opts.link}\n\nThank you!`;
  await repository.queueMail(tx, {
    to: opts.to,
    subject,
    text,
    customerId: opts.customerId,
    bookingId: opts.bookingId,
    status: 'queued',
    userId: opts.userId,
  });
}

/** One page of the forms list and the number of all the search and filter match. */
export const formsPage = (ex: Executor, q: TFormListQuery, page: { size: number; offset: number }) =>
  repository.page(ex, q, page);

/** The forms the search and filter match, for the CSV. */
export const formsList = (ex: Executor, q: TFormListQuery, limit: number) => repository.list(ex, q, limit);

/** The customer and booking must exist; a booking's customer is the form's customer when none is given. */
export async function checkLinks(db: Db, customerId: number | undefined, bookingId: number | undefined) {
  let customer: TCustomerRow | undefined;
  if (customerId !== undefined && customerId !== null) {
    customer = await repository.customer(db, customerId);
    if (!customer) throw badRequest('The customer does not exist', 'customerId');
  }
  if (bookingId !== undefined && bookingId !== null) {
    const booking = await repository.bookingExists(db, bookingId);
    if (!booking) throw badRequest('The booking does not exist', 'bookingId');
  }
  return { customer };
}

/** Changes a form's own columns (customer, booking, language, status) after checking the links. */
export async function updateForm(db: Db, id: number, values: Record<string, unknown>) {
  await checkLinks(db, values.customerId as number | undefined, values.bookingId as number | undefined);
  await repository.update(db, id, { ...values, updatedAt: new Date() });
}

export async function insertForm(ex: Executor, values: TNewFormRow) {
  const row = await repository.insert(ex, values);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The form goes, with the files of its answers. */
export async function deleteForm(db: Db, row: TFormListRow) {
  await db.transaction(async (tx) => {
    await repository.delete(tx, row.id);
    const ids = fileIds(row.data);
    for (const id of ids) await repository.deleteFormFile(tx, id);
  });
}

/** 409 IN_USE when forms were sent with the definition. */
export async function assertDefUnused(ex: Executor, formDefId: number) {
  const used = await repository.anyFormOf(ex, formDefId);
  if (used)
    throw new AppError(409, 'IN_USE', 'Forms were sent with this definition: set it inactive instead');
}
