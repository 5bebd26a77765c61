// The endpoint table's entries for Current and Pending (Other) Support
// (current-pending.ts): the signed-in researcher's document as JSON, DOCX or
// PDF, and an application's award details and its team's effort, read and
// edited. Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  applicationSupportResponseSchema,
  currentPendingQuerySchema,
  currentPendingResponseSchema,
  effortInputSchema,
  effortParamsSchema,
  supportDetailsInputSchema,
} from './current-pending';

const applicationParams = z.object({ id: z.string().max(100) });

export const currentPendingEndpoints = {
  /** My Current and Pending Support: JSON without `format`; `?format=docx|pdf` answers the file (an attachment). */
  currentAndPending: {
    method: 'GET',
    path: '/api/v1/profile/current-and-pending',
    query: currentPendingQuerySchema,
    response: currentPendingResponseSchema,
  },
  /** An application's award details and its team's effort (anyone who sees the application). */
  applicationSupport: {
    method: 'GET',
    path: '/api/v1/applications/:id/current-and-pending',
    params: applicationParams,
    response: applicationSupportResponseSchema,
  },
  /** The award's number, project period and overlap statement (the PI). */
  updateApplicationSupport: {
    method: 'PUT',
    path: '/api/v1/applications/:id/support',
    params: applicationParams,
    body: supportDetailsInputSchema,
    response: applicationSupportResponseSchema,
  },
  /** A person's role and person-months on the application (the PI for anyone on it; a member for themself). */
  updateApplicationEffort: {
    method: 'PUT',
    path: '/api/v1/applications/:id/team/:userId/effort',
    params: effortParamsSchema,
    body: effortInputSchema,
    response: applicationSupportResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
