import { z } from 'zod';
import { DEFAULT_ORDER, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '../constants.ts';

/**
 * Text without a NUL character, also not as the JSON escape `\u0000`: PostgreSQL stores none, and a streamed
 * answer (CSV) must be refused before it starts rather than break off in the middle.
 */
export const noNul = (value: string) => !value.includes('\u0000') && !/\\u0000/i.test(value);

/** Paged list request of spec platform §3; `filter` is a JSON query string. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_PAGE),
  size: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).default(DEFAULT_SORT),
  order: z
    .union([z.literal('1'), z.literal('-1'), z.literal(1), z.literal(-1)])
    .default(DEFAULT_ORDER)
    .transform(Number),
  search: z.string().max(200).refine(noNul, 'No NUL characters').optional(),
  filter: z.string().max(20_000).refine(noNul, 'No NUL characters').optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * How a CSV export is written. Without a choice the user's language decides: German users get `;` and a
 * decimal comma (what Excel opens with a double click in a German locale), everyone else `,` and a point.
 */
export const CSV_SEPARATORS = ['semicolon', 'comma', 'tab'] as const;
export const CSV_DECIMALS = ['comma', 'point'] as const;
export const ZCsvQuery = z.object({
  separator: z
    .enum(CSV_SEPARATORS)
    .optional()
    .describe('Column separator; default by the user’s language: de semicolon, else comma'),
  decimal: z
    .enum(CSV_DECIMALS)
    .optional()
    .describe(
      'Decimal mark of amounts and decimals; default comma with ;-separated German files, else point',
    ),
});
export type TCsvQuery = z.infer<typeof ZCsvQuery>;
/** A list as CSV: the list's query and the CSV format. */
export const ZListCsvQuery = ZListQuery.extend(ZCsvQuery.shape);

export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    /** The rows were counted only up to `total`: there are more (large lists, see LIST_COUNT_CAP). */
    totalCapped: z.boolean().optional(),
  });

/** Large lists count their rows only this far (plus the pages asked for): an exact count of 100,000 rows costs more than the page. */
export const LIST_COUNT_CAP = 1_000;

/** Operators a list filter may use. */
export const FILTER_OPERATORS = ['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$like'] as const;
export type TFilterOperator = (typeof FILTER_OPERATORS)[number];
