// The endpoint table's entries for a researcher's own profile and for reading
// another person's. Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  recommendedQuerySchema,
  recommendedResponseSchema,
  avatarBodySchema,
  avatarResponseSchema,
  orcidImportRequestSchema,
  publicationsImportBodySchema,
  publicationsImportResultSchema,
  educationInputSchema,
  educationSchema,
  profileItemParamsSchema,
  profileResponseSchema,
  projectInputSchema,
  projectSchema,
  publicationInputSchema,
  publicationSchema,
  updateProfileRequestSchema,
} from './profile';

const params = profileItemParamsSchema;
const noContent = { response: z.null(), statuses: [204] } as const;

export const profileEndpoints = {
  getProfile: { method: 'GET', path: '/api/v1/profile', response: profileResponseSchema },
  updateProfile: {
    method: 'PATCH',
    path: '/api/v1/profile',
    body: updateProfileRequestSchema,
    response: profileResponseSchema,
  },
  recommendedResearchers: {
    method: 'GET',
    path: '/api/v1/researchers/recommended',
    query: recommendedQuerySchema,
    response: recommendedResponseSchema,
  },
  researcherProfile: {
    method: 'GET',
    path: '/api/v1/researchers/:id',
    params,
    response: profileResponseSchema,
  },

  addPublication: {
    method: 'POST',
    path: '/api/v1/profile/publications',
    body: publicationInputSchema,
    response: publicationSchema,
    statuses: [201],
  },
  updatePublication: {
    method: 'PATCH',
    path: '/api/v1/profile/publications/:id',
    params,
    body: publicationInputSchema.partial(),
    response: publicationSchema,
  },
  deletePublication: { method: 'DELETE', path: '/api/v1/profile/publications/:id', params, ...noContent },

  importPublications: {
    method: 'POST',
    path: '/api/v1/profile/publications/import',
    body: publicationsImportBodySchema,
    response: publicationsImportResultSchema,
  },
  importOrcid: {
    method: 'POST',
    path: '/api/v1/profile/orcid',
    body: orcidImportRequestSchema,
    response: publicationsImportResultSchema,
  },

  setAvatar: {
    method: 'PUT',
    path: '/api/v1/profile/avatar',
    body: avatarBodySchema,
    response: avatarResponseSchema,
  },
  removeAvatar: { method: 'DELETE', path: '/api/v1/profile/avatar', ...noContent },
  /** image/webp bytes. */
  researcherAvatar: {
    method: 'GET',
    path: '/api/v1/researchers/:id/avatar',
    params,
    response: z.unknown(),
  },

  addEducation: {
    method: 'POST',
    path: '/api/v1/profile/education',
    body: educationInputSchema,
    response: educationSchema,
    statuses: [201],
  },
  updateEducation: {
    method: 'PATCH',
    path: '/api/v1/profile/education/:id',
    params,
    body: educationInputSchema.partial(),
    response: educationSchema,
  },
  deleteEducation: { method: 'DELETE', path: '/api/v1/profile/education/:id', params, ...noContent },

  addProject: {
    method: 'POST',
    path: '/api/v1/profile/projects',
    body: projectInputSchema,
    response: projectSchema,
    statuses: [201],
  },
  updateProject: {
    method: 'PATCH',
    path: '/api/v1/profile/projects/:id',
    params,
    body: projectInputSchema.partial(),
    response: projectSchema,
  },
  deleteProject: { method: 'DELETE', path: '/api/v1/profile/projects/:id', params, ...noContent },
} as const satisfies Record<string, Endpoint>;
