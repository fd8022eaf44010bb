import { z } from 'zod';
import { MSG, flagField, searchField } from './validation';

/** Meta of every paginated list answer. */
export const PageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  lastPage: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const MAX_ITEMS_PER_PAGE = 100;

/**
 * The query of every list (product-decisions "API conventions"): paging, search, a sort key from
 * the list's own whitelist and the archived toggle. Each list extends it with its own filters.
 */
export function listQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K, defaultSort: K[number]) {
  return z.object({
    page: z.coerce
      .number({ error: MSG.invalidNumber })
      .int({ error: MSG.invalidNumber })
      .min(1)
      .max(1_000_000)
      .default(1),
    itemsPerPage: z.coerce
      .number({ error: MSG.invalidNumber })
      .int({ error: MSG.invalidNumber })
      .min(1)
      .max(MAX_ITEMS_PER_PAGE)
      .default(10),
    search: searchField(),
    sortKey: z.enum(sortKeys, { error: MSG.invalidChoice }).default(defaultSort),
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('asc'),
    archived: flagField().default(false),
  });
}

/** The failure envelope of spec section 3 / product-decisions. */
export type ErrorEnvelope = { message: string; errors: Record<string, string[]> };
