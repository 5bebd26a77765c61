// "More like this" (issue 29 §5, decision 064): a grant's nearest grants,
// each as a search result's summary with a short reason.
import { z } from 'zod';
import { grantSummarySchema } from './grants';
import { booleanParam } from './primitives';

export const similarGrantsQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'limit is a number' })
      .int('limit is a whole number')
      .min(1, 'limit is at least 1')
      .max(20, 'limit is at most 20')
      .default(6),
    /** Closed and archived grants too (by default only open ones: posted or forecasted). */
    includeClosed: booleanParam.default(false),
  })
  .strict();
export type SimilarGrantsQuery = z.infer<typeof similarGrantsQuerySchema>;

export const similarGrantSchema = z.object({
  grant: grantSummarySchema,
  /** Why it is near: "Same programme: 47.041", "Shared: coral reef, ocean acidification". */
  why: z.string(),
});
export type SimilarGrant = z.infer<typeof similarGrantSchema>;

export const similarGrantsResponseSchema = z.object({ similar: z.array(similarGrantSchema) });
export type SimilarGrantsResponse = z.infer<typeof similarGrantsResponseSchema>;
