// The search assistant: what it understood of a conversation (the filters a
// follow-up refines), a message to it, and its answer with the results page
// of the search the URL will hold.
import { z } from 'zod';
import {
  defaultSearchStatuses,
  grantStatusSchema,
  searchEligibilityGroups,
  searchResultSchema,
  sortSchema,
} from './grants';
import { calendarDay, money } from './primitives';
import { uuidSchema } from './uuid-schema';

/** What the assistant understood, echoed so the results panel can show and edit it. */
export const searchFiltersSchema = z.object({
  keywords: z.array(z.string().max(60)).max(40),
  /** Each follow-up message adds a group; a grant must match a word of every group. */
  keywordGroups: z
    .array(z.array(z.string().max(60)).max(40))
    .max(10)
    .default([]),
  amountMin: money.nullable(),
  amountMax: money.nullable(),
  dueFrom: calendarDay.nullable(),
  dueTo: calendarDay.nullable(),
  /** Only grants open now that state no closing date ("rolling deadlines", "no deadline"); never with dueFrom or dueTo. */
  noDeadline: z.boolean().default(false),
  /** Only grants that state no cost sharing or matching is required ("no cost share", "no match required"). */
  noCostShare: z.boolean().default(false),
  agency: z.string().nullable(),
  matchProfile: z.boolean(),
  /** The statuses searched ("only open ones", "including closed"); open and forecasted unless said. */
  statuses: z
    .array(grantStatusSchema)
    .min(1)
    .max(4)
    .default([...defaultSearchStatuses]),
  /** Funding instruments and categories set in the Filters menu; a follow-up keeps them. */
  instruments: z.array(z.string().max(10)).max(10).default([]),
  categories: z.array(z.string().max(10)).max(40).default([]),
  /** Who may apply, set in the Filters menu (words such as "for universities" ride in the keywords). */
  eligibility: z.array(z.enum(searchEligibilityGroups)).max(searchEligibilityGroups.length).default([]),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** A search that narrows nothing yet (what the assistant starts from). */
export function emptySearchFilters(matchProfile: boolean): SearchFilters {
  return {
    keywords: [],
    keywordGroups: [],
    amountMin: null,
    amountMax: null,
    dueFrom: null,
    dueTo: null,
    noDeadline: false,
    noCostShare: false,
    agency: null,
    matchProfile,
    statuses: [...defaultSearchStatuses],
    instruments: [],
    categories: [],
    eligibility: [],
  };
}

export const chatRequestSchema = z.object({
  /** Any length the body allows; the assistant reads the first 1,000 characters (a pasted text is still a message). */
  message: z
    .string()
    .default('')
    .transform((m) => m.trim().slice(0, 1000)),
  matchProfile: z.boolean().default(true),
  researcherId: uuidSchema('Choose a researcher from the list').nullable().optional(),
  reset: z.boolean().default(false),
  context: searchFiltersSchema.nullable().optional(),
  /** How the results are shown: their order and how many to a page (the answer carries the first page). */
  sort: sortSchema.default('match'),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/**
 * A GET /grants/search query string as the web app writes it (numbers as
 * numbers, the profile switch as "true" or "false", nothing for defaults).
 */
export const grantSearchParamsSchema = z.object({
  q: z.string().optional(),
  refine: z.string().optional(),
  amountMin: z.number().optional(),
  amountMax: z.number().optional(),
  dueFrom: z.string().optional(),
  dueTo: z.string().optional(),
  noDeadline: z.literal('true').optional(),
  noCostShare: z.literal('true').optional(),
  agency: z.string().optional(),
  status: z.string().optional(),
  eligibility: z.string().optional(),
  instrument: z.string().optional(),
  category: z.string().optional(),
  within: z.string().optional(),
  sort: sortSchema,
  matchProfile: z.enum(['true', 'false']),
  researcherId: z.string().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GrantSearchParams = z.infer<typeof grantSearchParamsSchema>;

export const chatResponseSchema = z.object({
  reply: z.string(),
  /** The first page of the results, in the requested order. */
  results: z.array(searchResultSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** As GET /grants/search says it: the profile shares no area with the best matches and does not change the order. */
  profileIgnored: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The order the message asked for ("the biggest" is amount-desc, "closing
   * soonest" due-date-asc), which the results follow and the results panel
   * takes on; null when it named none (the request's order stands).
   */
  sort: sortSchema.nullable().default(null),
  /** Misspelled words read as the catalogue's ("schizofrenia" as "schizophrenia"), as GET /grants/search says them. */
  corrections: z.array(z.object({ from: z.string(), to: z.string() })).default([]),
  /** Closed programmes that recur, when few open grants match (as GET /grants/search lists them). */
  recurring: z.array(searchResultSchema).default([]),
  /** Grants that state no award amount, when few state one that fits (as GET /grants/search lists them). */
  unstated: z.array(searchResultSchema).default([]),
  /**
   * The GET /grants/search query these results answer exactly (the search the
   * URL will hold), so the results panel need not ask again; null when no
   * search ran or the URL's form of the search would read differently.
   */
  query: grantSearchParamsSchema.nullable(),
  filters: searchFiltersSchema,
  context: searchFiltersSchema.nullable(),
  /** When a follow-up left nothing: the search before it, which Undo restores. */
  undo: searchFiltersSchema.nullable(),
  /** When a follow-up left nothing: the same search without the change that emptied it, one click away ("Drop …"). */
  suggestion: z.object({ label: z.string(), filters: searchFiltersSchema }).nullable().default(null),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
