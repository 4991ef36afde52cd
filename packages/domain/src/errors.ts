import { z } from 'zod';

/** Stable error codes of the API; the web translates them as `errors.<code>`. */
export const ERROR_CODES = [
  'ValidationError',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_AVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'ARRIVAL_NOT_ALLOWED',
  'DEPARTURE_NOT_ALLOWED',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_NOT_VERIFIED',
  'INVALID_TOKEN',
  'PASSWORD_TOO_SHORT',
  'WRONG_PASSWORD',
  'EMAIL_TAKEN',
  'SLUG_TAKEN',
  'REGISTRATION_CLOSED',
  'CREDIT_INSUFFICIENT',
  'RESORT_NOT_FOUND',
  'SCHEDULE_OVERLAP',
  'GENDER_MISMATCH',
  'BED_AGE_LIMIT',
  'PAX_LIMIT',
  'IN_USE',
  'NO_PRICE',
  'INVALID_STATE',
  'VERSION_CONFLICT',
  'REVERT_NOT_POSSIBLE',
  'HAS_PAYMENTS',
  'RATE_REQUIRED',
  'DUPLICATE_PAYMENT',
  'ROOM_LOCKED',
  'OUT_OF_STOCK',
  'BOAT_FULL',
  'GUIDE_RATIO',
  'EVENT_FULL',
  'NOT_READY',
  'PAYMENT_EXCEEDS_OPEN',
  'BANK_ENTRY_OVERASSIGNED',
  'PROVIDER_NOT_CONFIGURED',
  'INVALID_SIGNATURE',
  'PROVIDER_UNAVAILABLE',
  'PAYMENT_QR_NOT_POSSIBLE',
  'NOTHING_TO_INVOICE',
  'INTERNAL_ERROR',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorDetail = z.object({ path: z.string(), code: z.string(), message: z.string() });

/** The body of every non-2xx answer (spec platform §8). */
export const ZErrorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    statusCode: z.number().int(),
    description: z.string(),
    path: z.string(),
    method: z.string(),
    timestamp: z.string(),
    details: z.array(ZErrorDetail).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type TErrorBody = z.infer<typeof ZErrorBody>;
