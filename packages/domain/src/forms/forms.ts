import { z } from 'zod';
import { noNul } from '../list/list.ts';
import {
  CHOICE_FIELD_TYPES,
  DEFAULT_MAX_FILE_SIZE_KB,
  DEFAULT_STARS,
  FORM_ERROR_CODES,
  FORM_FIELD_TYPES,
  FORM_RULE_NAMES,
  MULTI_CHOICE_FIELD_TYPES,
  parseRelativeDate,
} from './rules.ts';

// Custom forms (spec booking §7 "Forms"): definitions (`/api/formdef`) built from the 15 field types,
// and forms sent to a customer or booking (`/api/form`) answered by the guest on /forms/:id/:token.

const text = (max: number) => z.string().max(max).refine(noNul, 'NUL');
export const ZLocalText = z.object({ de: text(2000).optional(), en: text(2000).optional() });

const relativeDate = text(40).refine(
  (v) => parseRelativeDate(v, '2000-01-01') !== null,
  'INVALID_RELATIVE_DATE',
);

export const ZFormFieldRules = z
  .object({
    required: z.boolean().optional(),
    maxFileSizeKb: z.number().int().min(1).max(20_480).optional(),
    minLength: z.number().int().min(0).max(100_000).optional(),
    maxLength: z.number().int().min(0).max(100_000).optional(),
    email: z.boolean().optional(),
    flightNumber: z.boolean().optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    nonZero: z.boolean().optional(),
    equals: text(500).optional(),
    equalsField: text(60).optional(),
    dateOnOrAfter: relativeDate.optional(),
    dateOnOrBefore: relativeDate.optional(),
    nonNegativeInteger: z.boolean().optional(),
  })
  .strict();

export const ZFormFieldOption = z.object({ value: text(200).min(1), label: ZLocalText });

export const ZFormField = z
  .object({
    key: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    type: z.enum(FORM_FIELD_TYPES),
    label: ZLocalText,
    help: ZLocalText.optional(),
    options: z.array(ZFormFieldOption).max(200).optional(),
    rules: ZFormFieldRules.optional(),
    url: text(2000).optional(),
    stars: z.number().int().min(1).max(10).optional(),
  })
  .superRefine((f, ctx) => {
    const needsOptions = [...CHOICE_FIELD_TYPES, ...MULTI_CHOICE_FIELD_TYPES].includes(f.type);
    if (needsOptions && !f.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'OPTIONS_REQUIRED' });
    }
    if (f.options) {
      const values = f.options.map((o) => o.value);
      if (new Set(values).size !== values.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'DUPLICATE_OPTION' });
      }
    }
  });

export const ZFormFields = z
  .array(ZFormField)
  .max(200)
  .superRefine((fields, ctx) => {
    const keys = new Set<string>();
    fields.forEach((f, i) => {
      if (keys.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'DUPLICATE_KEY' });
      keys.add(f.key);
    });
    fields.forEach((f, i) => {
      const other = f.rules?.equalsField;
      if (other && !keys.has(other)) {
        ctx.addIssue({ code: 'custom', path: [i, 'rules', 'equalsField'], message: 'UNKNOWN_FIELD' });
      }
    });
  });

export const ZFormDefInput = z.object({
  name: text(200).min(1),
  title: ZLocalText.default({}),
  fields: ZFormFields.default([]),
  active: z.boolean().default(true),
});
export const ZFormDefPatch = ZFormDefInput.partial();

export const ZFormDef = z.object({
  id: z.number(),
  name: z.string(),
  title: ZLocalText,
  fields: z.array(z.any()),
  active: z.boolean(),
  formCount: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFormDef = z.infer<typeof ZFormDef>;

export const FORM_STATUSES = ['open', 'submitted'] as const;
export const FORM_LANGUAGES = ['de', 'en'] as const;

export const ZFormCreate = z.object({
  formDefId: z.number().int().positive(),
  customerId: z.number().int().positive().nullish(),
  bookingId: z.number().int().positive().nullish(),
  language: z.enum(FORM_LANGUAGES).default('en'),
  /** Send the link by mail to the customer's address (through the mail queue). */
  sendMail: z.boolean().optional(),
});
export const ZFormUpdate = z.object({
  customerId: z.number().int().positive().nullish(),
  bookingId: z.number().int().positive().nullish(),
  language: z.enum(FORM_LANGUAGES).optional(),
  status: z.enum(FORM_STATUSES).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const ZForm = z.object({
  id: z.number(),
  formDefId: z.number(),
  formDefName: z.string().nullable().optional(),
  token: z.string().optional(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable().optional(),
  bookingId: z.number().nullable(),
  bookingNo: z.string().nullable().optional(),
  language: z.string(),
  status: z.string(),
  data: z.record(z.string(), z.unknown()),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  link: z.string().optional(),
});
export type TForm = z.infer<typeof ZForm>;

export const ZFormConstants = z.object({
  fieldTypes: z.array(z.string()),
  ruleNames: z.array(z.string()),
  errorCodes: z.array(z.string()),
  statuses: z.array(z.string()),
  defaults: z.object({ maxFileSizeKb: z.number(), stars: z.number() }),
});

export const FORM_CONSTANTS = {
  fieldTypes: [...FORM_FIELD_TYPES],
  ruleNames: [...FORM_RULE_NAMES],
  errorCodes: [...FORM_ERROR_CODES],
  statuses: [...FORM_STATUSES],
  defaults: { maxFileSizeKb: DEFAULT_MAX_FILE_SIZE_KB, stars: DEFAULT_STARS },
};
