import type { TBookingDocument } from '@atoll/domain/documents';
import { hasScope } from '@atoll/domain/scopes';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { prepareFile } from '../media/media-file.ts';
import type { TDocumentsRepository } from './documents.repository.ts';
import { visibleBooking } from './invoices.flow.ts';

// Files kept with a booking (spec: POST /api/bookings/{bookingId}/upload, file and optimize): a passport scan,
// flight tickets, a signed waiver. Kept as a booking document of kind `upload` beside the PDFs the booking's
// documents were stored as, listed and downloaded with them (docs/domain/what-documents-show.md "Files kept with
// a booking"). The office uploads to any booking it sees, an agent to its agency's; an upload may be deleted by
// the office or by its uploader, a kept document never (it records what was sent).

export const UPLOAD_KIND = 'upload';
const MAX_NAME = 200;

/** The file's own name without a path or control characters; its type's extension when it has none. */
export function uploadName(filename: string | undefined, mime: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-MAX_NAME);
  if (clean) return clean;
  return `upload.${mime === 'application/pdf' ? 'pdf' : mime.replace('image/', '').replace('jpeg', 'jpg')}`;
}

export function createBookingUploads(deps: { db: Db; repository: TDocumentsRepository }) {
  const { db, repository } = deps;
  return {
    async upload(
      user: TSessionUser,
      bookingId: number,
      file: { data: Buffer; truncated: boolean; filename: string | undefined },
      optimize: boolean,
    ): Promise<TBookingDocument> {
      if (file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than allowed');
      await visibleBooking(db, user, bookingId);
      // Checked and re-encoded before the transaction: no connection waits on the image work.
      const prepared = await prepareFile(file.data, optimize);
      const name = uploadName(file.filename, prepared.mime);
      return db.transaction(async (tx) => {
        await visibleBooking(tx, user, bookingId);
        const stored = await repository.insertStoredFile(tx, {
          kind: 'booking_upload',
          name,
          mime: prepared.mime,
          size: prepared.size,
          data: prepared.data,
          userId: user.id,
        });
        if (!stored) throw new AppError(500, 'INTERNAL_ERROR', 'The file was not stored');
        const row = await repository.insertBookingDocument(tx, {
          bookingId,
          kind: UPLOAD_KIND,
          templateId: null,
          fileId: stored.id,
          userId: user.id,
        });
        if (!row) throw new AppError(500, 'INTERNAL_ERROR', 'The file was not stored');
        return {
          id: row.id,
          bookingId,
          kind: UPLOAD_KIND,
          templateId: null,
          fileId: stored.id,
          name,
          mime: prepared.mime,
          size: prepared.size,
          userId: user.id,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    async remove(user: TSessionUser, bookingId: number, documentId: number) {
      return db.transaction(async (tx) => {
        await visibleBooking(tx, user, bookingId);
        const doc = await repository.storedDocument(tx, bookingId, documentId);
        if (!doc) throw notFound('Document');
        if (doc.kind !== UPLOAD_KIND)
          throw new AppError(409, 'INVALID_STATE', 'A kept document records what was sent and stays');
        if (!hasScope(user.scopes, ['bookings.update']) && doc.userId !== user.id) throw forbidden();
        await repository.deleteStoredFile(tx, doc.fileId);
        return { id: documentId };
      });
    },
  };
}

export type TBookingUploads = ReturnType<typeof createBookingUploads>;
