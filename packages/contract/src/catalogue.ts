// The grant catalogue's daily refresh from Grants.gov (decision 056), as the
// research office's administrators see it: the last run, the next, the last
// error, and how many records the catalogue holds in each status.
import { z } from 'zod';

export const catalogueRefreshSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'ok', 'failed']),
  /** The file's name (GrantsDBExtract20261127v2.zip), or null when none was downloaded. */
  file: z.string().nullable(),
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type CatalogueRefresh = z.infer<typeof catalogueRefreshSchema>;

export const adminCatalogueResponseSchema = z.object({
  /** Whether this server refreshes the catalogue on a schedule (off with demo data unless GRANTS_GOV_EXTRACT_URL is set). */
  scheduled: z.boolean(),
  /** The latest run, whatever its outcome. */
  lastRefresh: catalogueRefreshSchema.nullable(),
  /** The latest run that imported a file. */
  lastSuccess: catalogueRefreshSchema.nullable(),
  /** The next scheduled run (ISO time), or null when none is scheduled. */
  nextRunAt: z.string().nullable(),
  /** The latest failure when no run has succeeded since: what went wrong and when. */
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Records in the catalogue by status today (posted is open for applications). */
  records: z.object({
    total: z.number().int(),
    posted: z.number().int(),
    forecasted: z.number().int(),
    closed: z.number().int(),
    archived: z.number().int(),
  }),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueResponseSchema>;
