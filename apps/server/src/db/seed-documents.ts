import { TEMPLATE_KINDS } from '@atoll/domain/documents';
import { DEFAULT_TEMPLATE_TEXTS } from '../modules/documents/booking-documents.texts.ts';
import type { Executor } from './client.ts';
import { documentTemplates } from './schema.ts';

/** The default document template of every kind (de/en texts) and a booking overview report; only into an empty table. */
export async function seedDocuments(ex: Executor) {
  const [existing] = await ex.select({ id: documentTemplates.id }).from(documentTemplates).limit(1);
  if (existing) return;
  await ex.insert(documentTemplates).values([
    ...TEMPLATE_KINDS.map((kind, sort) => ({
      name: DEFAULT_TEMPLATE_TEXTS[kind].en.title,
      kind,
      texts: { de: DEFAULT_TEMPLATE_TEXTS[kind].de, en: DEFAULT_TEMPLATE_TEXTS[kind].en },
      sort,
    })),
    {
      name: 'Booking overview',
      kind: 'report',
      texts: {
        de: { title: 'Buchungsübersicht', intro: '', closing: '' },
        en: { title: 'Booking overview', intro: '', closing: '' },
      },
      sort: TEMPLATE_KINDS.length,
    },
  ]);
}
