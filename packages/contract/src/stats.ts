// Figures shown on the public home page, counted live from the database.
import { z } from 'zod';

export const publicStatsResponseSchema = z.object({
  openGrants: z.number().int(),
  totalGrants: z.number().int(),
  institutions: z.number().int(),
  agencies: z.number().int(),
  researchers: z.number().int(),
});
export type PublicStats = z.infer<typeof publicStatsResponseSchema>;
