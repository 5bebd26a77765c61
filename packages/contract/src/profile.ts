// A researcher's own profile: what they edit, and what others see of it.
import { z } from 'zod';
import { personNameSchema } from './people';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullable()
    .transform((v) => (v ? v : null));

const list = (label: string, maxItems: number, maxLength: number) =>
  z
    .array(
      z.string({ error: `Each ${label} is text` }).trim().min(1, `An empty ${label} is not allowed`).max(maxLength, `Each ${label} has at most ${maxLength} characters`),
      { error: `${label}s are a list` },
    )
    .max(maxItems, `At most ${maxItems} ${label}s`)
    .transform((items) => [...new Map(items.map((i) => [i.toLowerCase(), i])).values()]);

const currentYear = new Date().getUTCFullYear();
const year = z
  .number({ error: 'Year is a number' })
  .int('Year is a whole number')
  .min(1900, 'Year is 1900 or later')
  .max(currentYear + 10, 'Year is too far ahead')
  .nullable();

export const updateProfileRequestSchema = z
  .object({
    name: personNameSchema,
    title: text('Title', 200),
    department: text('Department', 200),
    phone: text('Phone', 50),
    office: text('Office', 200),
    location: text('Location', 200),
    about: text('About', 5000),
    researchSummary: text('Research summary', 5000),
    researchAreas: list('research area', 30, 120),
    expertise: list('expertise keyword', 50, 80),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const publicationInputSchema = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(500, 'Title is too long'),
    journal: text('Journal', 300).optional(),
    year: year.optional(),
    authors: text('Authors', 2000).optional(),
    doi: text('DOI', 200).optional(),
  })
  .strict();
export const educationInputSchema = z
  .object({
    degree: z.string({ error: 'Degree is required' }).trim().min(1, 'Degree is required').max(200, 'Degree is too long'),
    institution: z.string({ error: 'Institution is required' }).trim().min(1, 'Institution is required').max(300, 'Institution is too long'),
    field: text('Field', 200).optional(),
    year: year.optional(),
  })
  .strict();
export const projectInputSchema = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300, 'Title is too long'),
    description: text('Description', 3000).optional(),
  })
  .strict();

export const publicationSchema = z.object({
  id: z.string(),
  title: z.string(),
  journal: z.string().nullable(),
  year: z.number().int().nullable(),
  authors: z.string().nullable(),
  doi: z.string().nullable(),
});
export const educationSchema = z.object({
  id: z.string(),
  degree: z.string(),
  institution: z.string(),
  field: z.string().nullable(),
  year: z.number().int().nullable(),
});
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;
export type Education = z.infer<typeof educationSchema>;
export type Project = z.infer<typeof projectSchema>;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['researcher', 'admin']),
  title: z.string().nullable(),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  office: z.string().nullable(),
  location: z.string().nullable(),
  about: z.string().nullable(),
  researchSummary: z.string().nullable(),
  researchAreas: z.array(z.string()),
  expertise: z.array(z.string()),
  orcid: z.string().nullable(),
  /** The re-encoded picture's address, or null (initials are shown). */
  avatarUrl: z.string().nullable(),
  institution: z.object({ id: z.string(), name: z.string() }),
  setupComplete: z.boolean(),
  publications: z.array(publicationSchema),
  education: z.array(educationSchema),
  projects: z.array(projectSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
export const profileItemParamsSchema = z.object({ id: z.string().max(100) });

/** A BibTeX or RIS file, or text pasted from one (text/plain, application/x-bibtex or application/x-research-info-systems). */
export const publicationsImportBodySchema = z
  .string({ error: 'Send the BibTeX or RIS file as text' })
  .min(1, 'The file is empty');
/** An entry of the file (or a work of the ORCID record), numbered from 1 in its order. */
const importedEntrySchema = z.object({ entry: z.number().int(), title: z.string() });
export const publicationsImportResultSchema = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  errors: z.array(z.object({ entry: z.number().int(), reason: z.string() })),
  /** The entries added, in the file's order. */
  addedEntries: z.array(importedEntrySchema),
  /** The entries skipped as duplicates: of a publication on the profile, or of an earlier entry of the same file. */
  duplicateEntries: z.array(importedEntrySchema.extend({ alreadyIn: z.enum(['profile', 'file']) })),
});
export type PublicationsImportResult = z.infer<typeof publicationsImportResultSchema>;
export const orcidImportRequestSchema = z.object({
  orcid: z.string({ error: 'Enter your ORCID iD' }).trim().min(1, 'Enter your ORCID iD').max(60, 'That is not an ORCID iD'),
});

/** The picture's bytes (PNG, JPEG or WebP, up to 2 MB), sent as the body with its image content type. */
export const avatarBodySchema = z.unknown();
export const avatarResponseSchema = z.object({ avatarUrl: z.string() });

export const recommendedQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit is a number' }).int().min(1, 'limit is at least 1').max(50, 'limit is at most 50').default(6),
});
export const recommendedResearcherSchema = z.object({
  researcher: z.object({ id: z.string(), name: z.string(), title: z.string().nullable(), institution: z.string() }),
  /** Research areas and expertise keywords both have, in the user's words. */
  commonInterests: z.array(z.string()),
  /** Their research areas the user lacks that often share an open grant with one of the user's. */
  complementaryAreas: z.array(z.string()),
  /** One of them lists the other among a publication's authors. */
  coAuthor: z.boolean(),
  /** People the user talks to who also talk to this researcher. */
  mutualConnections: z.number().int(),
  score: z.number(),
});
export type RecommendedResearcher = z.infer<typeof recommendedResearcherSchema>;
export const recommendedResponseSchema = z.object({ results: z.array(recommendedResearcherSchema) });
