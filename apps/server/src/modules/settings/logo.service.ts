import { LOGO_MAX_BYTES } from '@atoll/domain/settings';
import type { TSessionUser } from '@atoll/domain/users';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createSettingsRepository } from './settings.repository.ts';
import type { TSettingsService } from './settings.service.ts';

const KIND = 'logo';
export const logoUrl = (id: number) => `/api/settings/logo/${id}`;

/** The type the bytes are, whatever the upload claims: PNG and JPEG by their signatures. */
export function imageType(data: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export type TUpload = { data: Buffer; name: string; truncated: boolean };

/**
 * The company logo: one stored file of kind `logo`, named by `company.logo` in the settings. A new
 * upload gets a new id, so its address can be cached for good.
 */
export function createLogoService(deps: { db: Db; settings: TSettingsService }) {
  const repo = createSettingsRepository();
  const { db, settings } = deps;

  return {
    async upload(user: TSessionUser, file: TUpload) {
      if (file.truncated || file.data.length > LOGO_MAX_BYTES) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The logo may have at most ${LOGO_MAX_BYTES} bytes`);
      }
      const mime = imageType(file.data);
      if (!mime) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The logo must be a PNG or JPEG image');
      const url = await db.transaction(async (tx) => {
        const id = await repo.insertFile(tx, {
          kind: KIND,
          name: file.name.slice(0, 200) || 'logo',
          mime,
          size: file.data.length,
          data: file.data,
          userId: user.id,
        });
        await repo.removeFiles(tx, KIND, id);
        await repo.upsert(tx, 'company', 'logo', logoUrl(id));
        return logoUrl(id);
      });
      settings.invalidate('company');
      return { logo: url };
    },

    async remove() {
      await db.transaction(async (tx) => {
        await repo.removeFiles(tx, KIND);
        await repo.remove(tx, 'company', 'logo');
      });
      settings.invalidate('company');
    },

    /** Only logos are served publicly; other stored files answer 404 here. */
    async file(id: number) {
      const row = await repo.file(db, KIND, id);
      if (!row) throw notFound('Logo');
      return row;
    },
  };
}
export type TLogoService = ReturnType<typeof createLogoService>;
