// Institution look-up for the university picker and e-mail domain checks.
import { z } from 'zod';

export const notApplicable = 'Not Applicable';

export const institutionSearchQuerySchema = z.object({
  q: z.string().trim().max(200, 'Query is too long').default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const institutionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  domains: z.array(z.string()),
});
export type InstitutionSummary = z.infer<typeof institutionSummarySchema>;

export const institutionSearchResponseSchema = z.object({
  results: z.array(institutionSummarySchema),
});
