// Administrator area contracts.
import { z } from 'zod';

export const directoryResearcherSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  setupComplete: z.boolean(),
  lastSignInAt: z.string().nullable(),
  researchAreas: z.array(z.string()),
});
export type DirectoryResearcher = z.infer<typeof directoryResearcherSchema>;

export const researcherDirectoryResponseSchema = z.object({
  researchers: z.array(directoryResearcherSchema),
});
